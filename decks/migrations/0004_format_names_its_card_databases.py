"""A format names the card-database versions it allows; there is no "any version" fallback any more.

Formats that named none are frozen on what they used until now: the stored starter version of their
game, else the newest version of the game (issue 11 point 5).
"""

from django.db import migrations, models


def freeze_formats(apps, schema_editor):
    from engine import cards as engine_cards

    Format = apps.get_model("decks", "Format")
    Version = apps.get_model("decks", "CardDatabaseVersion")
    for fmt in Format.objects.filter(card_database_versions__isnull=True):
        versions = Version.objects.filter(database__game=fmt.game)
        try:
            starter = versions.filter(content_hash=engine_cards.starter_database(fmt.game).content_hash).first()
        except (engine_cards.CardDatabaseError, KeyError, OSError):
            starter = None
        version = starter or versions.order_by("-created_at", "-id").first()
        if version is not None:
            fmt.card_database_versions.add(version)


class Migration(migrations.Migration):

    dependencies = [
        ('decks', '0003_decks'),
    ]

    operations = [
        migrations.AlterField(
            model_name='format',
            name='card_database_versions',
            field=models.ManyToManyField(help_text='Decks are read against the newest selected version; a new import is used only once chosen here.', related_name='formats', to='decks.carddatabaseversion', verbose_name='allowed card-database versions'),
        ),
        migrations.RunPython(freeze_formats, migrations.RunPython.noop),
    ]
