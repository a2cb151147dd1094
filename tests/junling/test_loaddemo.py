import json

from django.contrib.auth import get_user_model
from django.core.management import call_command

from decks.models import CardDatabaseVersion, Deck
from matches.models import Tournament


def test_loaddemo_loads_cards_users_legal_decks_and_a_tournament_and_prints_passwords(db, settings, tmp_path, capsys):
    settings.VAR_DIR = tmp_path
    call_command("loaddemo")
    out = capsys.readouterr().out
    passwords = json.loads((tmp_path / "demo-passwords.json").read_text())
    assert passwords["alice"] in out and passwords["admin"] in out
    assert CardDatabaseVersion.objects.filter(database__name="generals-order-starter").get().card_count >= 120
    assert get_user_model().objects.get(username="admin").is_superuser
    alice = get_user_model().objects.get(username="alice")
    assert alice.check_password(passwords["alice"])
    assert all(d.latest_version().legal for d in Deck.objects.all())
    tournament = Tournament.objects.get()
    assert tournament.registrations.count() == 4


def test_loaddemo_twice_changes_nothing_and_keeps_the_passwords(db, settings, tmp_path, capsys):
    settings.VAR_DIR = tmp_path
    call_command("loaddemo")
    first = (tmp_path / "demo-passwords.json").read_text()
    counts = (Deck.objects.count(), Tournament.objects.count(), CardDatabaseVersion.objects.count())
    call_command("loaddemo")
    assert (tmp_path / "demo-passwords.json").read_text() == first
    assert (Deck.objects.count(), Tournament.objects.count(), CardDatabaseVersion.objects.count()) == counts


def test_loaddemo_on_a_site_with_an_older_starter_under_the_same_label_adds_a_new_version(db, settings, tmp_path):
    from decks.services.cards import import_card_database
    from engine.cards import starter_database

    settings.VAR_DIR = tmp_path
    starter = starter_database()
    old = b'{"cards": [{"name": "\\u5173\\u7fbd", "type": "\\u4eba", "cost": 5, "might": 5, "wit": 3}]}'
    import_card_database(old, filename="old.json", database_name=starter.name, version=starter.version)
    call_command("loaddemo", "--no-demo")
    call_command("loaddemo", "--no-demo")
    versions = CardDatabaseVersion.objects.filter(database__name=starter.name)
    assert sorted(v.version for v in versions) == sorted(
        [starter.version, f"{starter.version}+{starter.content_hash[:12]}"]
    )
    assert versions.get(content_hash=starter.content_hash).card_count == len(starter)
