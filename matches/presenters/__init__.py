"""Presenters: the view models of pages and API answers, built from stored data; they never write."""
