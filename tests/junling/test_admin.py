import pytest
from django.contrib import admin


@pytest.mark.parametrize("model", list(admin.site._registry))
def test_every_admin_changelist_renders_for_staff(admin_client, model):
    url = f"/admin/{model._meta.app_label}/{model._meta.model_name}/"
    assert admin_client.get(url).status_code == 200
