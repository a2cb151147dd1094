from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0015_sealed_bids_for_sides"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="pod_choices",
            field=models.JSONField(blank=True, default=dict, verbose_name="pod event choices"),
        ),
    ]
