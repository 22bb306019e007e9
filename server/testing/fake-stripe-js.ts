/** The browser half of the fake Stripe (fake-stripe.ts): the Stripe.js stand-in and its card fields' frame. */

/**
 * The Stripe.js stand-in: `Stripe(publishableKey)` → elements({ clientSecret, locale }) → create('card' | 'payment')
 * → mount(target); confirmCardPayment / confirmPayment ask the element's frame to confirm, and the frame, not the
 * page, sends the card to the API. Frames and page talk by postMessage, each checking the other's origin and window.
 */
export function stripeJs(origin: string) {
  return `(function () {
  'use strict';
  var ORIGIN = ${JSON.stringify(origin)};
  var mounted = {};
  var counter = 0;

  function integrationError(message) {
    var error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== ORIGIN || !data || data.fakeStripe !== true) return;
    var element = mounted[data.id];
    if (element && element._frame && event.source === element._frame.contentWindow) element._receive(data);
  });

  function createElement(group, type) {
    var id = 'fake-stripe-' + ++counter;
    var listeners = {};
    var waiting = {};
    var asked = 0;
    var loaded = null;
    var markLoaded = null;
    var element = {
      _frame: null,
      mount: function (target) {
        var host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!host) throw integrationError('The selector you specified (' + target + ') applies to no DOM elements that are currently on the page.');
        if (element._frame) throw integrationError('This Element is already mounted.');
        loaded = new Promise(function (resolve) { markLoaded = resolve; });
        var frame = document.createElement('iframe');
        frame.name = '__privateStripeFrame' + id;
        frame.title = 'Secure card payment input frame';
        frame.setAttribute('scrolling', 'no');
        frame.style.cssText = 'border:0;width:100%;display:block;height:150px;background:transparent';
        frame.src = ORIGIN + '/elements/card?' + new URLSearchParams({
          id: id, type: type, key: group._key, origin: location.origin, locale: group._locale,
        }).toString();
        element._frame = frame;
        mounted[id] = element;
        host.appendChild(frame);
      },
      unmount: function () {
        if (element._frame) element._frame.remove();
        element._frame = null;
        delete mounted[id];
        Object.keys(waiting).forEach(function (n) { waiting[n]({ error: { type: 'validation_error', message: 'The Element was unmounted.' } }); });
        waiting = {};
      },
      destroy: function () { element.unmount(); group._forget(type); },
      on: function (name, callback) { (listeners[name] = listeners[name] || []).push(callback); return element; },
      off: function (name, callback) {
        listeners[name] = (listeners[name] || []).filter(function (other) { return other !== callback; });
        return element;
      },
      focus: function () { post({ type: 'focus' }); },
      clear: function () { post({ type: 'clear' }); },
      _ask: function (message) {
        if (!element._frame) return Promise.reject(integrationError('We could not retrieve data from the specified Element. Please make sure the Element you are attempting to use is still mounted.'));
        var number = ++asked;
        return new Promise(function (resolve) {
          waiting[number] = resolve;
          post(Object.assign({ requestId: number }, message));
        });
      },
      _receive: function (data) {
        if (data.type === 'ready') { markLoaded(); emit('ready', { elementType: type }); }
        else if (data.type === 'resize') element._frame.style.height = data.height + 'px';
        else if (data.type === 'change') emit('change', Object.assign({ elementType: type }, data.event));
        else if (data.type === 'focus' || data.type === 'blur') emit(data.type, { elementType: type });
        else if (data.type === 'result' && waiting[data.requestId]) {
          waiting[data.requestId](data.result);
          delete waiting[data.requestId];
        }
      },
    };
    function post(message) {
      if (!loaded) return;
      loaded.then(function () {
        if (element._frame) element._frame.contentWindow.postMessage(Object.assign({ fakeStripe: true }, message), ORIGIN);
      });
    }
    function emit(name, event) {
      (listeners[name] || []).slice().forEach(function (callback) { callback(event); });
    }
    return element;
  }

  function createElements(stripe, options) {
    var created = {};
    var group = {
      _key: stripe._key,
      _locale: options.locale || 'auto',
      _clientSecret: options.clientSecret || null,
      _forget: function (type) { delete created[type]; },
      create: function (type) {
        if (type !== 'card' && type !== 'payment') throw integrationError('This Stripe.js stand-in offers the card and payment Elements, not ' + type + '.');
        if (created[type]) throw integrationError('Can only create one Element of type ' + type + '.');
        created[type] = createElement(group, type);
        return created[type];
      },
      getElement: function (type) { return created[type] || null; },
      update: function (changes) { if (changes && changes.locale) group._locale = changes.locale; },
      fetchUpdates: function () { return Promise.resolve({}); },
      submit: function () {
        var element = created.payment || created.card;
        return element ? element._ask({ type: 'validate' }) : Promise.resolve({});
      },
    };
    return group;
  }

  function confirmWith(element, clientSecret, billingDetails, options) {
    var setup = Boolean(options && options.setup);
    if (!element || typeof element._ask !== 'function') return Promise.reject(integrationError('Pass a mounted card or payment Element.'));
    if (!validSecret(clientSecret, setup)) return Promise.reject(integrationError('Invalid value for clientSecret: it should be a ' + (setup ? 'SetupIntent' : 'PaymentIntent') + ' client secret.'));
    return element._ask({
      type: 'confirm',
      intents: setup ? 'setup_intents' : 'payment_intents',
      clientSecret: clientSecret,
      billingDetails: billingDetails || null,
      setupFutureUsage: (options && options.setupFutureUsage) || null,
    });
  }

  function validSecret(clientSecret, setup) {
    return typeof clientSecret === 'string' && clientSecret.indexOf('_secret_') > 0 && clientSecret.indexOf(setup ? 'seti_' : 'pi_') === 0;
  }

  /** A saved card (a PaymentMethod id) pays without card fields: the page's Stripe.js confirms it itself. */
  function confirmWithSavedCard(publishableKey, clientSecret, paymentMethodId) {
    if (!validSecret(clientSecret, false)) return Promise.reject(integrationError('Invalid value for clientSecret: it should be a PaymentIntent client secret.'));
    var id = clientSecret.split('_secret_')[0];
    var body = new URLSearchParams({ key: publishableKey, client_secret: clientSecret, payment_method: paymentMethodId });
    return fetch(ORIGIN + '/v1/payment_intents/' + encodeURIComponent(id) + '/confirm', { method: 'POST', body: body })
      .then(function (response) { return response.json(); })
      .then(function (answer) { return answer.error ? { error: answer.error } : { paymentIntent: answer }; }, function () {
        return { error: { type: 'api_connection_error', message: 'We could not connect to Stripe. Check your connection and try again.' } };
      });
  }

  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || publishableKey.indexOf('pk_') !== 0) throw integrationError('Invalid value for Stripe(): apiKey should be a publishable key (pk_...).');
    var stripe = {
      _key: publishableKey,
      elements: function (options) { return createElements(stripe, options || {}); },
      confirmCardPayment: function (clientSecret, data) {
        var method = (data && data.payment_method) || {};
        if (typeof method === 'string') return confirmWithSavedCard(publishableKey, clientSecret, method);
        return confirmWith(method.card, clientSecret, method.billing_details, { setupFutureUsage: data && data.setup_future_usage });
      },
      confirmCardSetup: function (clientSecret, data) {
        var method = (data && data.payment_method) || {};
        return confirmWith(method.card, clientSecret, method.billing_details, { setup: true });
      },
      confirmPayment: function (params) {
        var elements = params.elements;
        var confirmParams = params.confirmParams || {};
        var returnUrl = confirmParams.return_url;
        if (params.redirect !== 'if_required' && !returnUrl) return Promise.reject(integrationError('stripe.confirmPayment(): confirmParams.return_url is required unless redirect is if_required.'));
        var element = elements && (elements.getElement('payment') || elements.getElement('card'));
        var billing = (confirmParams.payment_method_data || {}).billing_details;
        return confirmWith(element, params.clientSecret || (elements && elements._clientSecret), billing).then(function (result) {
          if (!result.paymentIntent || params.redirect === 'if_required') return result;
          var target = new URL(returnUrl, location.href);
          target.searchParams.set('payment_intent', result.paymentIntent.id);
          target.searchParams.set('payment_intent_client_secret', result.paymentIntent.client_secret);
          target.searchParams.set('redirect_status', result.paymentIntent.status);
          location.assign(target.toString());
          return new Promise(function () {});
        });
      },
      retrievePaymentIntent: function (clientSecret) {
        var id = String(clientSecret).split('_secret_')[0];
        return fetch(ORIGIN + '/v1/payment_intents/' + encodeURIComponent(id) + '?client_secret=' + encodeURIComponent(clientSecret), {
          headers: { Authorization: 'Bearer ' + publishableKey },
        }).then(function (response) { return response.json(); }).then(function (body) {
          return body.error ? { error: body.error } : { paymentIntent: body };
        });
      },
    };
    return stripe;
  }
  window.Stripe = Stripe;
})();
`;
}

const FRAME_LABELS = {
  en: { number: 'Card number', expiry: 'Expiration date (MM/YY)', cvc: 'Security code (CVC)' },
  ar: { number: 'رقم البطاقة', expiry: 'تاريخ الانتهاء (MM/YY)', cvc: 'رمز الأمان (CVC)' },
};

/** The card fields' frame: its own document on this origin, so the page never holds the card. */
export function cardFrame(query: URLSearchParams) {
  const arabic = (query.get('locale') ?? '').startsWith('ar');
  const labels = arabic ? FRAME_LABELS.ar : FRAME_LABELS.en;
  const showErrors = query.get('type') === 'payment';
  return `<!doctype html>
<html lang="${arabic ? 'ar' : 'en'}" dir="${arabic ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card details</title>
<style>
body { margin: 0; padding: 2px; font: 16px system-ui, sans-serif; color: #30313d; background: transparent; }
label { display: block; margin: 0 0 4px; font-size: 14px; }
input { box-sizing: border-box; width: 100%; margin: 0 0 8px; padding: 8px; border: 1px solid #e6e6e6; border-radius: 4px; font: inherit; }
input[aria-invalid="true"] { border-color: #df1b41; }
.row { display: flex; gap: 8px; }
.row > div { flex: 1; }
#error { margin: 0; min-height: 0; color: #df1b41; font-size: 14px; }
</style>
</head>
<body>
<div><label for="number">${labels.number}</label><input id="number" name="cardnumber" autocomplete="cc-number" inputmode="numeric" maxlength="23" placeholder="1234 1234 1234 1234" dir="ltr"></div>
<div class="row">
<div><label for="expiry">${labels.expiry}</label><input id="expiry" name="exp-date" autocomplete="cc-exp" inputmode="numeric" maxlength="7" placeholder="MM/YY" dir="ltr"></div>
<div><label for="cvc">${labels.cvc}</label><input id="cvc" name="cvc" autocomplete="cc-csc" inputmode="numeric" maxlength="4" placeholder="CVC" dir="ltr"></div>
</div>
<p id="error" role="alert"${showErrors ? '' : ' hidden'}></p>
<script>${FRAME_SCRIPT}</script>
</body>
</html>`;
}

const FRAME_SCRIPT = `(function () {
  'use strict';
  var query = new URLSearchParams(location.search);
  var ID = query.get('id');
  var PARENT = query.get('origin');
  var KEY = query.get('key');
  var NAMES = ['number', 'expiry', 'cvc'];
  var MESSAGES = {
    incomplete_number: 'Your card number is incomplete.',
    invalid_number: 'Your card number is invalid.',
    incomplete_expiry: "Your card's expiration date is incomplete.",
    invalid_expiry_month: "Your card's expiration date is invalid.",
    invalid_expiry_year_past: "Your card's expiration year is in the past.",
    invalid_expiry_month_past: "Your card's expiration date is in the past.",
    incomplete_cvc: "Your card's security code is incomplete.",
  };
  var fields = {};
  NAMES.forEach(function (name) { fields[name] = document.getElementById(name); });
  var errorBox = document.getElementById('error');
  var touched = {};

  function send(message) { parent.postMessage(Object.assign({ fakeStripe: true, id: ID }, message), PARENT); }
  function digits(value) { return value.replace(/\\D/g, ''); }
  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var value = Number(number.charAt(number.length - 1 - i)) * (i % 2 ? 2 : 1);
      sum += value > 9 ? value - 9 : value;
    }
    return sum % 10 === 0;
  }

  function check() {
    var number = digits(fields.number.value);
    var expiry = digits(fields.expiry.value);
    var cvc = digits(fields.cvc.value);
    var amex = /^3[47]/.test(number);
    var brand = /^4/.test(number) ? 'visa' : /^(5[1-5]|2[2-7])/.test(number) ? 'mastercard' : amex ? 'amex' : 'unknown';
    var errors = {};
    if (number.length < (amex ? 15 : 16)) errors.number = 'incomplete_number';
    else if (number.length > (amex ? 15 : 16) || !luhn(number)) errors.number = 'invalid_number';
    var month = Number(expiry.slice(0, 2));
    var year = 2000 + Number(expiry.slice(2, 4));
    var now = new Date();
    if (expiry.length < 4) errors.expiry = 'incomplete_expiry';
    else if (expiry.length > 4 || month < 1 || month > 12) errors.expiry = 'invalid_expiry_month';
    else if (year < now.getFullYear()) errors.expiry = 'invalid_expiry_year_past';
    else if (year === now.getFullYear() && month < now.getMonth() + 1) errors.expiry = 'invalid_expiry_month_past';
    if (cvc.length < (amex ? 4 : 3)) errors.cvc = 'incomplete_cvc';
    return { errors: errors, brand: brand, card: { number: number, exp_month: month, exp_year: year, cvc: cvc } };
  }

  function report(all) {
    var state = check();
    var shown = null;
    NAMES.forEach(function (name) {
      var code = state.errors[name];
      var visible = Boolean(code) && (all || touched[name] || code.indexOf('incomplete') !== 0);
      fields[name].setAttribute('aria-invalid', visible ? 'true' : 'false');
      if (visible && !shown) shown = { type: 'validation_error', code: code, message: MESSAGES[code] };
    });
    errorBox.textContent = shown ? shown.message : '';
    var empty = NAMES.every(function (name) { return !fields[name].value; });
    var complete = Object.keys(state.errors).length === 0;
    send({ type: 'change', event: { empty: empty, complete: complete, brand: state.brand, error: shown || undefined } });
    resize();
    return { card: state.card, complete: complete, error: shown };
  }

  function resize() { send({ type: 'resize', height: document.documentElement.scrollHeight }); }

  function confirm(message) {
    var checked = report(true);
    if (!checked.complete) return Promise.resolve({ error: checked.error });
    var card = checked.card;
    var body = new URLSearchParams({
      key: KEY,
      client_secret: message.clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': card.number,
      'payment_method_data[card][exp_month]': String(card.exp_month),
      'payment_method_data[card][exp_year]': String(card.exp_year),
      'payment_method_data[card][cvc]': card.cvc,
    });
    addBilling(body, 'payment_method_data[billing_details]', message.billingDetails || {});
    if (message.setupFutureUsage) body.set('setup_future_usage', message.setupFutureUsage);
    var id = message.clientSecret.split('_secret_')[0];
    var setup = message.intents === 'setup_intents';
    return fetch('/v1/' + (setup ? 'setup_intents/' : 'payment_intents/') + encodeURIComponent(id) + '/confirm', { method: 'POST', body: body })
      .then(function (response) { return response.json(); })
      .then(function (answer) { return answer.error ? { error: answer.error } : setup ? { setupIntent: answer } : { paymentIntent: answer }; }, function () {
        return { error: { type: 'api_connection_error', message: 'We could not connect to Stripe. Check your connection and try again.' } };
      })
      .then(function (result) {
        if (result.error) { errorBox.textContent = result.error.message; resize(); }
        return result;
      });
  }

  function addBilling(body, prefix, details) {
    Object.keys(details).forEach(function (name) {
      var value = details[name];
      if (typeof value === 'string') body.set(prefix + '[' + name + ']', value);
      else if (value && typeof value === 'object') addBilling(body, prefix + '[' + name + ']', value);
    });
  }

  NAMES.forEach(function (name) {
    fields[name].addEventListener('input', function () { report(false); });
    fields[name].addEventListener('focus', function () { send({ type: 'focus' }); });
    fields[name].addEventListener('blur', function () {
      if (fields[name].value) touched[name] = true;
      report(false);
      send({ type: 'blur' });
    });
  });

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== PARENT || event.source !== parent || !data || data.fakeStripe !== true) return;
    var answer = function (result) { send({ type: 'result', requestId: data.requestId, result: result }); };
    if (data.type === 'focus') fields.number.focus();
    else if (data.type === 'clear') {
      NAMES.forEach(function (name) { fields[name].value = ''; });
      touched = {};
      report(false);
    } else if (data.type === 'validate') {
      var checked = report(true);
      answer(checked.complete ? {} : { error: checked.error });
    } else if (data.type === 'confirm') confirm(data).then(answer);
  });

  send({ type: 'ready' });
  resize();
})();`;
