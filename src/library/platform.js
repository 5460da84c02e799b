/*! Payment platform browser library v1: ev:v1 card-data encryption (payments.md P6, P8). No dependencies; WebCrypto only. */
(function (global) {
  'use strict';
  var subtle = global.crypto && global.crypto.subtle;
  // Filled in by the server from the same table the API derives brands with (src/modules/cards/brands.ts).
  var BIN_RANGES = /*BIN_RANGES*/ [];
  var FRAMES_VERSION = /*VERSION*/ '';
  var PURPOSES = ['pan', 'cvv', 'ntk', 'cry', 'gen'];

  var MESSAGES = {
    en: {
      number_required: 'Enter the card number', number_invalid: 'Invalid card number',
      expiry_required: 'Enter the expiry date', expiry_invalid: 'Invalid expiry date', expiry_past: 'The card has expired',
      cvv_required: 'Enter the security code', cvv_invalid: 'The security code must have {n} digits',
      holder_required: 'Enter the name on the card', holder_invalid: 'The name must have 2 to 45 characters',
      number: 'Card number', expiry: 'Expiry (MM/YY)', cvv: 'Security code', holder: 'Name on the card',
      pay: 'Pay', cancel: 'Cancel', choose: 'Choose a test card', sandbox: 'Sandbox: simulated payment sheet'
    },
    'pt-BR': {
      number_required: 'Informe o número do cartão', number_invalid: 'Número de cartão inválido',
      expiry_required: 'Informe a validade', expiry_invalid: 'Validade inválida', expiry_past: 'O cartão está vencido',
      cvv_required: 'Informe o código de segurança', cvv_invalid: 'O código de segurança deve ter {n} dígitos',
      holder_required: 'Informe o nome impresso no cartão', holder_invalid: 'O nome deve ter de 2 a 45 caracteres',
      number: 'Número do cartão', expiry: 'Validade (MM/AA)', cvv: 'Código de segurança', holder: 'Nome impresso no cartão',
      pay: 'Pagar', cancel: 'Cancelar', choose: 'Escolha um cartão de teste', sandbox: 'Sandbox: folha de pagamento simulada'
    }
  };
  function messages(locale) { return MESSAGES[locale] || (String(locale || '').toLowerCase().indexOf('pt') === 0 ? MESSAGES['pt-BR'] : MESSAGES.en); }

  // ---- encoding and the ev:v1 format ----
  function utf8(s) { return new TextEncoder().encode(s); }
  function b64u(bytes) {
    var s = '';
    for (var i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  function importKey(jwk) {
    return subtle.importKey('jwk', { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, ext: true }, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  }

  /** ev:v1:{kid}:{purpose}:{epk}:{iv}:{ct}:$ with a fresh ephemeral P-256 pair and IV per value. */
  function encryptWith(key, value, purpose) {
    if (PURPOSES.indexOf(purpose) < 0) return Promise.reject(new Error('unknown purpose ' + purpose));
    var eph, epk, header;
    return subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])
      .then(function (pair) { eph = pair; return subtle.exportKey('raw', pair.publicKey); })
      .then(function (raw) {
        epk = new Uint8Array(raw);
        header = 'ev:v1:' + key.kid + ':' + purpose + ':' + b64u(epk);
        return subtle.deriveBits({ name: 'ECDH', public: key.cryptoKey }, eph.privateKey, 256);
      })
      .then(function (z) { return subtle.importKey('raw', z, 'HKDF', false, ['deriveKey']); })
      .then(function (ikm) {
        return subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: epk, info: utf8('ev:v1:' + key.kid + ':' + purpose) }, ikm, { name: 'AES-GCM', length: 256 }, false, ['encrypt']);
      })
      .then(function (k) {
        var iv = global.crypto.getRandomValues(new Uint8Array(12));
        return subtle.encrypt({ name: 'AES-GCM', iv: iv, additionalData: utf8(header), tagLength: 128 }, k, utf8(String(value)))
          .then(function (ct) { return header + ':' + b64u(iv) + ':' + b64u(new Uint8Array(ct)) + ':$'; });
      });
  }

  // ---- card rules (the same as the API's) ----
  function digits(s) { return String(s == null ? '' : s).replace(/[\s-]/g, ''); }
  function luhn(d) {
    var sum = 0;
    for (var i = 0; i < d.length; i++) {
      var n = d.charCodeAt(d.length - 1 - i) - 48;
      if (i % 2 === 1) { n *= 2; if (n > 9) n -= 9; }
      sum += n;
    }
    return d.length > 0 && sum % 10 === 0;
  }
  var BY_SPECIFICITY = BIN_RANGES.slice().sort(function (a, b) { return b[1].length - a[1].length; });
  function brandFromBin(bin) {
    for (var i = 0; i < BY_SPECIFICITY.length; i++) {
      var r = BY_SPECIFICITY[i], p = bin.slice(0, r[1].length);
      if (p.length === r[1].length && p >= r[1] && p <= r[2]) return r[0];
    }
    return 'OTHER';
  }
  function cvvLength(brand) { return brand === 'AMEX' ? 4 : 3; }

  /** Checks a card; errors are message keys (translated by the caller). `now` for the expiry. */
  function checkCard(card, now) {
    var errors = {};
    var n = digits(card.number);
    var brand = n.length >= 6 ? brandFromBin(n.slice(0, 6)) : null;
    if (!n) errors.number = 'number_required';
    else if (!/^\d{13,19}$/.test(n) || !luhn(n)) errors.number = 'number_invalid';
    var m = String(card.expiry_month || ''), y = String(card.expiry_year || '');
    if (!m || !y) errors.expiry = 'expiry_required';
    else if (!/^(0[1-9]|1[0-2])$/.test(m) || !/^\d{4}$/.test(y)) errors.expiry = 'expiry_invalid';
    else if (Number(y) * 12 + Number(m) < now.getFullYear() * 12 + now.getMonth() + 1) errors.expiry = 'expiry_past';
    var c = digits(card.cvv);
    if (!c) errors.cvv = 'cvv_required';
    else if (!/^\d+$/.test(c) || c.length !== cvvLength(brand)) errors.cvv = 'cvv_invalid';
    var h = String(card.holder_name || '').trim();
    if (!h) errors.holder_name = 'holder_required';
    else if (h.length < 2 || h.length > 45) errors.holder_name = 'holder_invalid';
    return { brand: brand, number: n, cvv: c, holder_name: h, errors: errors };
  }

  function translate(errors, locale, brand) {
    var t = messages(locale), out = {};
    Object.keys(errors).forEach(function (k) { out[k] = t[errors[k]].replace('{n}', String(cvvLength(brand))); });
    return out;
  }

  function originOf(url) { return new URL(url, global.location && global.location.href).origin; }

  function emitter() {
    var handlers = {};
    return {
      on: function (event, cb) { (handlers[event] = handlers[event] || []).push(cb); return this; },
      emit: function (event, data) { (handlers[event] || []).forEach(function (cb) { try { cb(data); } catch (e) { setTimeout(function () { throw e; }); } }); }
    };
  }

  function resolveTarget(target) {
    var el = typeof target === 'string' ? global.document.querySelector(target) : target;
    if (!el) throw new Error('Platform: mount target not found: ' + target);
    return el;
  }

  /** A platform-origin frame; messages from anything else (another frame, another origin) are ignored. */
  function frame(pf, path, params, style) {
    var q = Object.keys(params).map(function (k) { return encodeURIComponent(k) + '=' + encodeURIComponent(params[k]); }).join('&');
    var iframe = global.document.createElement('iframe');
    iframe.src = pf.apiBase + path + '?v=' + FRAMES_VERSION + '&parent=' + encodeURIComponent(global.location.origin) + '&api=' + encodeURIComponent(pf.apiBase) + (q ? '&' + q : '');
    iframe.setAttribute('title', 'Secure payment field');
    iframe.setAttribute('allow', 'payment');
    iframe.style.cssText = style || 'border:0;width:100%;height:230px;';
    return iframe;
  }

  function listen(pf, iframe, type, onMessage) {
    function handler(e) {
      if (e.origin !== pf.origin || e.source !== iframe.contentWindow || !e.data || e.data.type !== type) return;
      onMessage(e.data);
    }
    global.addEventListener('message', handler);
    return function () { global.removeEventListener('message', handler); };
  }

  function overlay() {
    var o = global.document.createElement('div');
    o.setAttribute('data-platform-overlay', '');
    o.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center;z-index:2147483647;';
    return o;
  }

  // ---- the instance ----
  function Instance(apiBase, keysDoc, key) {
    this.apiBase = apiBase;
    this.origin = originOf(apiBase);
    this.environment = keysDoc.environment;
    this.kid = key.kid;
    this._key = key;
    var pf = this;
    this.ui = {
      card: function (options) { return cardField(pf, options || {}); },
      threeDSecure: function (nextAction) { return threeDSecure(pf, nextAction); },
      applePay: function (request, handlers) { return walletButton(pf, 'APPLE_PAY', request || {}, handlers || {}); },
      googlePay: function (request, handlers) { return walletButton(pf, 'GOOGLE_PAY', request || {}, handlers || {}); }
    };
  }
  Instance.prototype.encrypt = function (value, options) {
    return encryptWith(this._key, value, (options && options.purpose) || 'gen');
  };
  /** { number, cvv, expiry_month, expiry_year, holder_name } -> the same with number and cvv as ev:v1 values. */
  Instance.prototype.encryptCard = function (card) {
    var checked = checkCard(card, new Date());
    var key = this._key;
    if (checked.errors.number) return Promise.reject(new Error('Platform: invalid card number'));
    return Promise.all([encryptWith(key, checked.number, 'pan'), checked.cvv ? encryptWith(key, checked.cvv, 'cvv') : Promise.resolve(undefined)])
      .then(function (v) {
        var out = { number: v[0], bin: checked.number.slice(0, 6), last_digits: checked.number.slice(-4), brand: checked.brand,
          expiry_month: card.expiry_month, expiry_year: card.expiry_year, holder_name: card.holder_name };
        if (v[1]) out.cvv = v[1];
        return out;
      });
  };

  function cardField(pf, options) {
    var events = emitter(), iframe, stop;
    var field = {
      values: { card_data: null, isValid: false, isComplete: false, errors: {} },
      on: function (event, cb) { events.on(event, cb); return field; },
      mount: function (target) {
        iframe = frame(pf, '/js/v1/frames/card.html', { locale: options.locale || 'en' }, options.style);
        stop = listen(pf, iframe, 'platform-card', function (msg) {
          if (msg.values) field.values = msg.values;
          events.emit(msg.event, msg.event === 'error' ? msg.error : field.values);
        });
        resolveTarget(target).appendChild(iframe);
        return field;
      },
      unmount: function () { if (stop) stop(); if (iframe && iframe.parentNode) iframe.parentNode.removeChild(iframe); }
    };
    return field;
  }

  /** Opens next_action.challenge_url (a page of the platform's origin) over the page; it reports the outcome. */
  function threeDSecure(pf, nextAction) {
    var events = emitter(), root, stop;
    function close(event, data) { if (stop) stop(); if (root && root.parentNode) root.parentNode.removeChild(root); events.emit(event, data); }
    var challenge = {
      on: function (event, cb) { events.on(event, cb); return challenge; },
      mount: function (target) {
        if (!nextAction || nextAction.type !== 'CHALLENGE' || !nextAction.challenge_url) throw new Error('Platform: next_action is not a CHALLENGE');
        if (originOf(nextAction.challenge_url) !== pf.origin) throw new Error('Platform: the challenge must be on the platform origin');
        root = target ? resolveTarget(target) : global.document.body.appendChild(overlay());
        var box = global.document.createElement('div');
        box.style.cssText = 'background:#fff;border-radius:8px;padding:8px;width:420px;max-width:95vw;';
        var iframe = global.document.createElement('iframe');
        iframe.src = nextAction.challenge_url;
        iframe.setAttribute('title', '3-D Secure');
        iframe.style.cssText = 'border:0;width:100%;height:420px;';
        var cancel = global.document.createElement('button');
        cancel.type = 'button';
        cancel.setAttribute('data-platform-cancel', '');
        cancel.textContent = messages(global.navigator && global.navigator.language).cancel;
        cancel.onclick = function () { close('cancel'); };
        box.appendChild(iframe);
        box.appendChild(cancel);
        root.appendChild(box);
        // The challenge page posts { type: 'platform-3ds', outcome: 'success' | 'failure' | 'cancel', session_id }.
        stop = listen(pf, iframe, 'platform-3ds', function (msg) {
          close(msg.outcome === 'success' ? 'success' : msg.outcome === 'cancel' ? 'cancel' : 'failure', { session_id: msg.session_id });
        });
        var left = Date.parse(nextAction.expires_at) - Date.now();
        if (left > 0) setTimeout(function () { if (root && root.parentNode) close('failure', { reason: 'TIMED_OUT' }); }, left);
        return challenge;
      }
    };
    return challenge;
  }

  /** Wallet buttons. The sandbox shows a simulated sheet (a platform-origin frame) that returns a token and cryptogram. */
  function walletButton(pf, wallet, request, handlers) {
    var events = emitter();
    var button = {
      on: function (event, cb) { events.on(event, cb); return button; },
      mount: function (target) {
        var el = global.document.createElement('button');
        el.type = 'button';
        el.setAttribute('data-platform-wallet', wallet);
        el.textContent = wallet === 'APPLE_PAY' ? '\uF8FF Pay' : 'G Pay';
        el.style.cssText = 'background:#000;color:#fff;border:0;border-radius:6px;padding:10px 22px;font:600 16px system-ui;cursor:pointer;';
        if (pf.environment !== 'sandbox') {
          // Real wallet sheets need the networks' merchant onboarding; until then production shows no button.
          events.emit('error', { code: 'WALLET_UNAVAILABLE' });
          return button;
        }
        el.onclick = function () {
          var o = global.document.body.appendChild(overlay());
          var iframe = frame(pf, '/js/v1/frames/wallet.html', { wallet: wallet, amount: String(request.amount || ''), label: request.label || '', locale: request.locale || '' }, 'border:0;width:380px;height:360px;background:#fff;border-radius:12px;');
          o.appendChild(iframe);
          var stop = listen(pf, iframe, 'platform-wallet', function (msg) {
            stop();
            o.parentNode.removeChild(o);
            if (msg.event !== 'authorized') return events.emit('cancel');
            var result = { card_data: msg.card_data };
            events.emit('authorized', result);
            if (handlers.process) Promise.resolve(handlers.process(result)).catch(function (e) { events.emit('error', e); });
          });
        };
        resolveTarget(target).appendChild(el);
        return button;
      }
    };
    return button;
  }

  var Platform = {
    version: 'v1',
    /** Fetches GET {apiBase}/v1/encryption-keys and imports the current key. */
    init: function (options) {
      if (!subtle) return Promise.reject(new Error('Platform: WebCrypto is not available (HTTPS is required)'));
      var apiBase = String((options && options.apiBase) || '').replace(/\/+$/, '');
      if (!apiBase) return Promise.reject(new Error('Platform: apiBase is required'));
      return global.fetch(apiBase + '/v1/encryption-keys', { credentials: 'omit' })
        .then(function (res) { if (!res.ok) throw new Error('Platform: keys unavailable (' + res.status + ')'); return res.json(); })
        .then(function (doc) {
          var jwk = doc.keys.filter(function (k) { return k.kid === doc.current_kid; })[0];
          return importKey(jwk).then(function (cryptoKey) { return new Instance(apiBase, doc, { kid: jwk.kid, cryptoKey: cryptoKey }); });
        });
    },
    // For the platform's own frames and tests: the same rules the frames apply.
    _rules: { luhn: luhn, brandFromBin: brandFromBin, checkCard: checkCard, translate: translate, messages: messages, cvvLength: cvvLength }
  };
  global.Platform = Platform;
})(typeof window !== 'undefined' ? window : globalThis);
