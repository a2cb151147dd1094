import pytest

pytestmark = pytest.mark.browser


def test_home_page_switches_language_from_chinese_to_english_in_a_real_browser(browser_page):
    page = browser_page
    page.goto(page.base_url + "/")
    assert page.locator("html").get_attribute("lang") == "zh-hans"
    with page.expect_navigation():
        page.select_option("select[name=language]", "en")
    assert page.locator("html").get_attribute("lang") == "en"
