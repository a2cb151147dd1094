"""The reader's punctuation in templates (``junling.templatetags.punctuation``)."""

from __future__ import annotations

from django import forms
from django.template import Context, Template
from django.utils import translation

LABEL = Template('{% load i18n punctuation %}{% translate "Status" %}{% colon %}{{ value }}')
LIST = Template("{% load punctuation %}{{ names|listed }}")
LOOP = Template(
    "{% load punctuation %}{% for n in names %}{{ n }}{% if not forloop.last %}{% comma %}{% endif %}{% endfor %}"
)


def render(template: Template, language: str, **context: object) -> str:
    with translation.override(language):
        return template.render(Context(context))


def test_a_label_in_chinese_takes_a_full_width_colon_and_no_space():
    assert render(LABEL, "zh-hans", value="进行中") == "状态：进行中"


def test_a_label_in_english_takes_a_colon_and_a_space():
    assert render(LABEL, "en", value="open") == "Status: open"


def test_a_list_in_chinese_is_joined_by_the_enumeration_comma_and_in_english_by_a_comma():
    assert render(LIST, "zh-hans", names=["曹操", "刘备"]) == "曹操、刘备"
    assert render(LIST, "en", names=["Cao Cao", "Liu Bei"]) == "Cao Cao, Liu Bei"
    assert render(LOOP, "zh-hans", names=["曹操", "刘备", "孙权"]) == "曹操、刘备、孙权"


def test_a_listed_item_is_escaped():
    assert render(LIST, "en", names=["<b>", "x"]) == "&lt;b&gt;, x"


def test_a_django_form_label_in_chinese_ends_in_the_full_width_colon():
    class NameForm(forms.Form):
        name = forms.CharField(label="名称")

    with translation.override("zh-hans"):
        assert "名称：" in str(NameForm()["name"].label_tag())
