"""Issue 13, accounts: sign-up with e-mail confirmation, login (allauth) under django-axes, password reset and
change, the profile and its page."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import mail

from accounts.forms import ProfileForm
from accounts.lockout import username_of
from accounts.models import Profile
from junling.models import AuditEvent
from tests.decks.factories import UserFactory

pytestmark = pytest.mark.django_db
STRONG = "correct-horse-battery-9"


def _sign_up(client, username: str = "newplayer", email: str = "new@example.org"):
    return client.post(
        "/accounts/signup/",
        {"username": username, "email": email, "password1": STRONG, "password2": STRONG},
    )


def _link(message) -> str:
    return re.search(r"https?://[^/\s]+(/\S+)", message.body).group(1)


def test_sign_up_sends_a_confirmation_mail_and_logs_in_only_once_it_is_confirmed(client):
    response = _sign_up(client)
    assert response.status_code == 302 and response["Location"] == "/accounts/confirm-email/"
    user = get_user_model().objects.get(username="newplayer")
    assert "_auth_user_id" not in client.session
    assert Profile.objects.filter(user=user).exists()
    assert AuditEvent.objects.filter(verb="account.profile.create", target_id=str(Profile.objects.get().pk)).exists()
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["new@example.org"]
    # Before the confirmation, the right password does not log in: it sends the mail again.
    response = client.post("/accounts/login/", {"login": "newplayer", "password": STRONG})
    assert "_auth_user_id" not in client.session
    confirm = _link(mail.outbox[0])
    assert client.get(confirm).status_code == 200  # a GET shows the button, never confirms
    assert not EmailAddress.objects.get(user=user).verified
    response = client.post(confirm)
    assert response.status_code == 302
    assert EmailAddress.objects.get(user=user).verified
    assert client.session["_auth_user_id"] == str(user.pk)


def test_a_weak_password_is_refused_at_sign_up_by_the_site_validators(client):
    response = client.post(
        "/accounts/signup/",
        {"username": "weak", "email": "w@example.org", "password1": "12345678", "password2": "12345678"},
    )
    assert response.status_code == 200
    assert not get_user_model().objects.filter(username="weak").exists()


def test_the_sign_up_page_is_the_sites_layout_in_chinese_by_default(client):
    page = client.get("/accounts/signup/").content.decode()
    assert 'class="top"' in page and "注册" in page
    assert 'lang="zh-hans"' in page
    english = client.get("/accounts/signup/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Sign Up" in english


def test_an_account_made_by_staff_without_an_e_mail_logs_in_with_its_user_name(client, django_user_model):
    django_user_model.objects.create_user("staffmade", password=STRONG)
    response = client.post("/accounts/login/", {"login": "staffmade", "password": STRONG})
    assert response.status_code == 302 and response["Location"] == "/me/"
    response = client.post("/accounts/logout/")
    client.post("/accounts/login/", {"username": "staffmade", "password": STRONG})  # the old field name
    assert "_auth_user_id" in client.session


def test_a_confirmed_player_logs_in_by_e_mail_too(client, django_user_model):
    user = django_user_model.objects.create_user("mailer", email="m@example.org", password=STRONG)
    EmailAddress.objects.create(user=user, email="m@example.org", verified=True, primary=True)
    client.post("/accounts/login/", {"login": "m@example.org", "password": STRONG})
    assert client.session["_auth_user_id"] == str(user.pk)


def test_axes_locks_out_the_allauth_login_field_by_name_and_address(client, django_user_model):
    django_user_model.objects.create_user("carol", password=STRONG)
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert client.post("/accounts/login/", {"login": "carol", "password": "nope"}).status_code == 200
    assert client.post("/accounts/login/", {"login": "Carol", "password": "nope"}).status_code == 429
    assert client.post("/accounts/login/", {"login": "carol", "password": STRONG}).status_code == 429
    assert "_auth_user_id" not in client.session


def test_the_lockout_key_is_what_was_typed_case_folded():
    assert username_of(None, {"username": " Alice "}) == "alice"
    assert username_of(None, {"email": "A@B.org"}) == "a@b.org"


def test_password_reset_by_mail_sets_a_new_password(client, django_user_model):
    user = django_user_model.objects.create_user("dora", email="d@example.org", password=STRONG)
    EmailAddress.objects.create(user=user, email="d@example.org", verified=True, primary=True)
    assert client.post("/accounts/password/reset/", {"email": "d@example.org"}).status_code == 302
    assert len(mail.outbox) == 1
    link = _link(mail.outbox[0])
    response = client.get(link)
    assert response.status_code == 302  # allauth moves the key into the session
    new = "another-long-passphrase-7"
    response = client.post(response["Location"], {"password1": new, "password2": new})
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password(new)


def test_password_change_needs_the_old_password(client, django_user_model):
    user = django_user_model.objects.create_user("eve", password=STRONG)
    client.force_login(user)
    new = "a-brand-new-passphrase-5"
    bad = client.post("/accounts/password/change/", {"oldpassword": "wrong", "password1": new, "password2": new})
    assert bad.status_code == 200
    good = client.post("/accounts/password/change/", {"oldpassword": STRONG, "password1": new, "password2": new})
    assert good.status_code == 302
    user.refresh_from_db()
    assert user.check_password(new)


# --- the profile -------------------------------------------------------------------------------------------------


def test_a_player_edits_his_profile_and_others_see_only_its_public_fields(client):
    user = UserFactory(username="fei", email="fei@example.org")
    EmailAddress.objects.create(user=user, email="fei@example.org", verified=True, primary=True)
    client.force_login(user)
    response = client.post(
        "/me/profile",
        {"display_name": "张飞", "display_name_traditional": "張飛", "club": "  涿郡   俱乐部 ", "region": "河北"},
    )
    assert response.status_code == 302 and response["Location"] == "/players/fei/"
    profile = Profile.objects.get(user=user)
    assert (profile.display_name, profile.display_name_traditional, profile.club) == ("张飞", "張飛", "涿郡 俱乐部")
    assert AuditEvent.objects.filter(verb="account.profile.update").exists()
    own = client.get("/players/fei/").content.decode()
    assert "fei@example.org" in own and "/me/profile" in own
    client.logout()
    public = client.get("/players/fei/").content.decode()
    assert "张飞" in public and "張飛" in public and "河北" in public
    assert "fei@example.org" not in public and "/me/profile" not in public


def test_a_reader_of_traditional_script_sees_the_traditional_name():
    profile = Profile(user=UserFactory.build(username="x"), display_name="张飞", display_name_traditional="張飛")
    assert profile.name_in("zh-hant") == "張飛" and profile.name_in("zh-hans") == "张飞"
    assert Profile(user=UserFactory.build(username="x")).name_in("en") == "x"


def test_a_bad_profile_is_a_400_naming_the_field_and_nothing_is_saved(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post("/me/profile", {"display_name": "x" * 61, "club": "a\x07b"})
    assert response.status_code == 400
    assert not Profile.objects.filter(user=user).exists()
    form = ProfileForm({"club": "a\x07b"})
    assert not form.is_valid() and "club" in form.errors


def test_a_profile_page_of_nobody_is_a_404_and_the_edit_form_needs_a_login(client):
    assert client.get("/players/nobody-here/").status_code == 404
    response = client.get("/me/profile")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_get_of_the_profile_form_writes_nothing(client):
    user = UserFactory()
    client.force_login(user)
    assert client.get("/me/profile").status_code == 200
    assert not Profile.objects.filter(user=user).exists()


LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def _visible_text(html: str) -> str:
    main = html.split("<main>", 1)[1].split("</main>", 1)[0]
    main = re.sub(r'<input[^>]*type="hidden"[^>]*>', "", main)
    main = re.sub(r'(placeholder|aria-label|title)="([^"]*)"', r">\2<", main)
    return re.sub(r"<[^>]+>", " ", main)


@pytest.mark.parametrize(
    "url", ["/accounts/signup/", "/accounts/login/", "/accounts/password/reset/", "/accounts/confirm-email/"]
)
def test_the_account_pages_speak_chinese_without_latin_words(client, url):
    """allauth's own catalogue says "Email" and "token"; locale_overrides/ gives the Chinese words."""
    text = _visible_text(client.get(url).content.decode())
    assert not LATIN_WORD.findall(text), LATIN_WORD.findall(text)


def test_the_signed_in_account_pages_and_errors_speak_chinese(client, django_user_model):
    user = django_user_model.objects.create_user("gan", password=STRONG)
    client.force_login(user)
    for url in ("/accounts/email/", "/accounts/password/change/", "/me/", "/me/profile", "/me/games/"):
        text = _visible_text(client.get(url).content.decode()).replace("gan", "")
        assert not LATIN_WORD.findall(text), (url, LATIN_WORD.findall(text))
    page = client.post(
        "/accounts/password/change/", {"oldpassword": STRONG, "password1": "short", "password2": "short"}
    )
    assert "密码太短，至少需要 10 个字符" in page.content.decode()


def test_the_account_pages_say_ni_as_the_site_does_never_nin(client, django_user_model):
    """allauth's and Django's Chinese say 您; the site says 你 (locale_overrides/)."""
    pages = ["/accounts/signup/", "/accounts/login/", "/accounts/password/reset/", "/accounts/confirm-email/"]
    seen = [client.get(url).content.decode() for url in pages]
    seen.append(client.post("/accounts/login/", {"login": "nobody", "password": "wrong-password"}).content.decode())
    user = django_user_model.objects.create_user("gan", email="gan@example.org", password=STRONG)
    client.force_login(user)
    seen += [client.get(url).content.decode() for url in ("/accounts/email/", "/accounts/password/change/")]
    seen.append(
        client.post(
            "/accounts/password/change/", {"oldpassword": "wrong", "password1": "x", "password2": "y"}
        ).content.decode()
    )
    assert all("您" not in page for page in seen), [page[:3000] for page in seen if "您" in page]
    assert any("你" in page for page in seen)


def test_the_mails_greet_in_the_sites_name_and_language(client):
    _sign_up(client)
    body = mail.outbox[0].body
    assert body.startswith("你好，这里是军令 Junling！") and "感谢使用军令 Junling" in body
    assert mail.outbox[0].subject.startswith("[Junling] ")


def test_http_basic_on_the_api_waits_for_the_e_mail_confirmation_too(client, django_user_model):
    import base64

    user = django_user_model.objects.create_user("hu", email="hu@example.org", password=STRONG)
    address = EmailAddress.objects.create(user=user, email="hu@example.org", verified=False, primary=True)
    basic = "Basic " + base64.b64encode(f"hu:{STRONG}".encode()).decode()
    response = client.get("/api/decks/", HTTP_AUTHORIZATION=basic)
    assert response.status_code in (401, 403)
    assert response.json()["error"]["message"]
    address.verified = True
    address.save()
    assert client.get("/api/decks/", HTTP_AUTHORIZATION=basic).status_code == 200
    django_user_model.objects.create_user("staffmade2", password=STRONG)
    staff_basic = "Basic " + base64.b64encode(f"staffmade2:{STRONG}".encode()).decode()
    assert client.get("/api/decks/", HTTP_AUTHORIZATION=staff_basic).status_code == 200


def test_an_unrated_players_profile_has_no_rating_history_link_that_would_be_a_404(client):
    user = UserFactory(username="unrated")
    page = client.get("/players/unrated/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "/ratings/unrated/" not in page
    assert "No rating yet" in page
    assert client.get("/ratings/unrated/").status_code == 404
    assert user.pk


def test_a_rated_players_profile_links_to_his_own_rating_history_which_opens(client):
    from matches.models import Rating

    user = UserFactory(username="rated")
    Rating.objects.create(player=user, mu=25.0, sigma=8.0, ordinal=1.0, matches=1)
    page = client.get("/players/rated/").content.decode()
    assert 'href="/ratings/rated/"' in page
    assert client.get("/ratings/rated/").status_code == 200
