// Alerts (issue 27). A page marks what its reader must not miss with data-alert="<key>" and
// data-alert-text="<words>": "your move", "draw offered", "pairings are up", "a judge is coming", and for
// judges "a judge is called to table N". When such an element appears (a push, a poll, a redraw) while the
// page is hidden (another tab, a locked phone), the tab title starts with its words until the reader comes
// back; if he asked for them, a short sound plays and the browser shows a notification.
// The reader's choices are kept in localStorage; the controls (<p data-alert-controls>) show only with
// JavaScript, since without it nothing here runs.
(() => {
  const SOUND_KEY = "junling.alerts.sound";
  const MARK = "\u25CF ";
  let baseTitle = document.title;
  let alerted = false;
  let audio = null;

  const present = () => new Set(Array.from(document.querySelectorAll("[data-alert]"), (el) => el.dataset.alert));
  let seen = present();

  function soundOn() {
    try {
      return window.localStorage.getItem(SOUND_KEY) === "on";
    } catch (_error) {
      return false;
    }
  }

  function beep() {
    if (!soundOn()) return;
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.4);
    } catch (_error) {
      // no audio on this device: the title still says it
    }
  }

  function notify(text, key) {
    if (!("Notification" in window) || Notification.permission !== "granted") return;
    try {
      new Notification(text, { body: baseTitle, tag: key });
    } catch (_error) {
      // some browsers only notify from a service worker: the title still says it
    }
  }

  function signal(text, key) {
    if (!alerted) baseTitle = document.title;
    alerted = true;
    document.title = MARK + text + " \u00B7 " + baseTitle;
    document.documentElement.dataset.alerted = key;
    beep();
    notify(text, key);
  }

  function check() {
    const now = present();
    if (document.hidden) {
      for (const el of document.querySelectorAll("[data-alert]")) {
        if (!seen.has(el.dataset.alert)) {
          signal(el.dataset.alertText || el.textContent.trim(), el.dataset.alert);
          break;
        }
      }
    }
    seen = now;
  }

  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && alerted) {
      document.title = baseTitle;
      alerted = false;
      delete document.documentElement.dataset.alerted;
    }
  });
  new MutationObserver(check).observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["data-alert"],
  });

  // The controls: a sound (off by default), and browser notifications (asked for only on a click).
  function drawControls() {
    for (const box of document.querySelectorAll("[data-alert-controls]")) {
      box.hidden = false;
      const sound = box.querySelector("[data-alert-sound]");
      if (sound) sound.setAttribute("aria-pressed", soundOn() ? "true" : "false");
      const ask = box.querySelector("[data-alert-notify]");
      if (ask) {
        if (!("Notification" in window)) ask.hidden = true;
        else ask.setAttribute("aria-pressed", Notification.permission === "granted" ? "true" : "false");
      }
    }
  }
  document.addEventListener("click", (event) => {
    const el = event.target instanceof Element ? event.target.closest("button") : null;
    if (!el) return;
    if (el.hasAttribute("data-alert-sound")) {
      try {
        window.localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
      } catch (_error) {
        return;
      }
      drawControls();
      beep();
    } else if (el.hasAttribute("data-alert-notify") && "Notification" in window) {
      Promise.resolve(Notification.requestPermission()).then(drawControls);
    }
  });
  document.addEventListener("htmx:afterSettle", drawControls);
  drawControls();
})();
