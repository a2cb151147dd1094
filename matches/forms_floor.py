"""The input of the judge's floor (issue 27): a player's call, a judge's escalation and resolution note."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from matches.forms import MAX_ID
from matches.services.judge_calls import NOTE_MAX, REASON_MAX


class CallJudgeForm(forms.Form):
    """Which table calls (a pairing or a pod, by id) and, optionally, what happened."""

    kind = forms.ChoiceField(label=_("table"), choices=[("match", "match"), ("pod", "pod")])
    table = forms.IntegerField(label=_("table"), min_value=1, max_value=MAX_ID)
    reason = forms.CharField(label=_("What happened (optional)"), required=False, max_length=REASON_MAX)
    next = forms.CharField(required=False, max_length=500)


class EscalateCallForm(forms.Form):
    reason = forms.CharField(label=_("Why a head judge"), required=False, max_length=REASON_MAX)
    next = forms.CharField(required=False, max_length=500)


class ResolveCallForm(forms.Form):
    note = forms.CharField(label=_("Resolution note"), max_length=NOTE_MAX)
    next = forms.CharField(required=False, max_length=500)
