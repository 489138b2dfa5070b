// The guest's "we have left" page (issue 40 point 4), in the browser: plain JavaScript, no framework,
// a few kilobytes, so it opens fast on any phone. frontend/build/guest-page.ts puts `var TEXTS = …;`
// (the words in EN, PT, ES, FR, DE, IT) before it and emits both as one file under assets/.
// It reads its token from the address (/g/<token>), asks GET /api/guest/<token>, and shows one of
// the states: the button (with an optional note and one photo), too early, too late, done (or done
// before), an unknown link, too many attempts, or no connection (with a retry: nothing was sent).
/* global TEXTS */
(function () {
  'use strict';
  var token = (location.pathname.split('/')[2] || '').replace(/[^A-Za-z0-9_-]/g, '');
  var root = document.getElementById('guest');
  /** TEXTS' keys by their lower case: a browser's tag may be written either way (pt-BR, pt-br). */
  var KEYS = {};
  Object.keys(TEXTS).forEach(function (key) {
    KEYS[key.toLowerCase()] = key;
  });
  var lang = pickLanguage();
  var stay = null;

  /** The words' language for a browser's tag: its region's own form where there is one (pt-BR), else its language's; null when neither. */
  function known(tag) {
    var code = String(tag || '').toLowerCase();
    return KEYS[code.split('-').slice(0, 2).join('-')] || KEYS[code.slice(0, 2)] || null;
  }

  function pickLanguage(hint) {
    var wanted = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || '']).concat(hint ? [hint] : []);
    for (var i = 0; i < wanted.length; i++) {
      var code = known(wanted[i]);
      if (code) return code;
    }
    return 'en';
  }

  function t(key, params) {
    var text = (TEXTS[lang] && TEXTS[lang][key]) || TEXTS.en[key] || key;
    return text.replace(/\{(\w+)\}/g, function (_, name) {
      return params && params[name] !== undefined ? params[name] : '';
    });
  }

  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      if (name === 'text') node.textContent = attributes[name];
      else node.setAttribute(name, attributes[name]);
    });
    (children || []).forEach(function (child) {
      if (child) node.appendChild(child);
    });
    return node;
  }

  /** A calendar day (YYYY-MM-DD) as the guest reads it: "Sunday 6 December". */
  function dayName(day) {
    try {
      return new Intl.DateTimeFormat(lang, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(day + 'T12:00:00Z'));
    } catch (e) {
      return day;
    }
  }

  function previousDay(day) {
    var date = new Date(day + 'T12:00:00Z');
    date.setUTCDate(date.getUTCDate() - 1);
    return date.toISOString().slice(0, 10);
  }

  function show(state, nodes) {
    root.setAttribute('data-state', state);
    root.textContent = '';
    document.documentElement.lang = lang;
    if (stay) {
      root.appendChild(el('p', { class: 'kicker', text: t('checkout', { date: dayName(stay.checkoutDate), time: stay.checkoutTime }) }));
      root.appendChild(el('h1', { text: stay.propertyName }));
    } else {
      root.appendChild(el('h1', { text: t('title') }));
    }
    nodes.forEach(function (node) {
      root.appendChild(node);
    });
    var focus = root.querySelector('[data-focus]');
    if (focus) focus.focus();
  }

  function message(state, key, params, retry) {
    var nodes = [el('p', { class: 'message ' + state, role: state === 'error' ? 'alert' : 'status', 'data-focus': '', tabindex: '-1', text: t(key, params) })];
    if (retry) {
      var again = el('button', { type: 'button', class: 'secondary', text: t('retry') });
      again.addEventListener('click', retry);
      nodes.push(again);
    }
    show(state, nodes);
  }

  function request(method, path, body) {
    var options = { method: method, headers: { accept: 'application/json', 'accept-language': lang }, credentials: 'omit', cache: 'no-store' };
    if (body) {
      options.headers['content-type'] = 'application/json';
      options.body = JSON.stringify(body);
    }
    return fetch('/api/guest/' + token + path, options).then(function (response) {
      return response
        .json()
        .catch(function () {
          return {};
        })
        .then(function (data) {
          return { status: response.status, data: data };
        });
    });
  }

  /** The answer of a refused request as a state of the page; false when it is not one. */
  function refused(answer, retry) {
    if (answer.status === 404) return message('unknown', 'unknown'), true;
    if (answer.status === 429) return message('error', 'tooMany', null, retry), true;
    if (answer.status === 422 && answer.data.code === 'too_early') return message('early', 'tooEarly', { date: dayName(previousDay(stay.checkoutDate)) }), true;
    if (answer.status === 422) return message('late', 'tooLate'), true;
    return false;
  }

  function done(leftTime, already) {
    message('done', already ? 'already' : 'thanks', { time: leftTime });
  }

  function load() {
    message('loading', 'loading');
    request('GET', '')
      .then(function (answer) {
        if (answer.status !== 200) {
          if (!refused(answer, load)) message('error', 'failed', null, load);
          return;
        }
        stay = answer.data;
        // A browser speaking none of them: the company's language (the app's Portuguese is Brazilian).
        if (!(navigator.languages || []).some(known)) lang = pickLanguage(stay.language === 'pt' ? 'pt-BR' : stay.language);
        if (stay.alreadyLeftAt) return done(stay.alreadyLeftTime, true);
        if (stay.window.state === 'too_early') return message('early', 'tooEarly', { date: dayName(previousDay(stay.checkoutDate)) });
        if (stay.window.state === 'too_late') return message('late', 'tooLate');
        form();
      })
      .catch(function () {
        message('error', 'offline', null, load);
      });
  }

  function form(error) {
    var note = el('textarea', { id: 'note', name: 'note', maxlength: '1000', rows: '3' });
    var photo = el('input', { id: 'photo', name: 'photo', type: 'file', accept: 'image/*' });
    var press = el('button', { type: 'submit', class: 'primary', 'data-testid': 'guest-left-button', text: t('button') });
    var fields = el('details', {}, [
      el('summary', { text: t('more') }),
      el('label', { for: 'note', text: t('note') }),
      note,
      el('label', { for: 'photo', text: t('photo') }),
      photo,
    ]);
    var form = el('form', { novalidate: '' }, [
      el('p', { class: 'lead', text: t('lead') }),
      press,
      error ? el('p', { class: 'message error', role: 'alert', 'data-focus': '', tabindex: '-1', text: error }) : null,
      fields,
    ]);
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      press.disabled = true;
      press.textContent = t('sending');
      send(note.value, photo.files && photo.files[0]);
    });
    show('open', [form]);
  }

  function uploadPhoto(file) {
    if (!file) return Promise.resolve(null);
    if (file.size > 8 * 1024 * 1024) return Promise.reject({ words: t('photoTooBig') });
    return request('POST', '/photo', { contentType: file.type || 'image/jpeg', size: file.size }).then(function (answer) {
      if (answer.status !== 200) return Promise.reject({ answer: answer });
      return fetch(answer.data.uploadURL, { method: 'PUT', headers: answer.data.headers, body: file }).then(function (put) {
        if (!put.ok) return Promise.reject({ words: t('photoFailed') });
        return answer.data.key;
      });
    });
  }

  function send(note, file) {
    uploadPhoto(file)
      .then(function (photoKey) {
        return request('POST', '/left', { note: note.trim() || null, photoKey: photoKey });
      })
      .then(function (answer) {
        if (answer.status === 200 || answer.status === 201) return done(answer.data.leftTime, answer.data.alreadyRecorded);
        return Promise.reject({ answer: answer });
      })
      .catch(function (problem) {
        if (problem && problem.answer) {
          if (refused(problem.answer, function () { form(); })) return;
          return form((problem.answer.data && problem.answer.data.message) || t('failed'));
        }
        form(problem && problem.words ? problem.words : t('offline'));
      });
  }

  if (!token) message('unknown', 'unknown');
  else load();
})();
