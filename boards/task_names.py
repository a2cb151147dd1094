"""The names of the boards app's Celery tasks: services enqueue by name (through the outbox) and tasks register
under these names, so services never import the task module (as ``matches.task_names``)."""

VALIDATE_IMPORT = "boards.validate_import"
