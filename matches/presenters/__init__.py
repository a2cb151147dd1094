"""Presenters: what a page of the ``matches`` app shows, built from models and services.

A view parses its input, calls one service or one presenter and renders; presenters return the
template's context (plain dicts and lists) and never write.
"""
