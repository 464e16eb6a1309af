// The sandbox stand-in for the WeChat client's and the Alipay app's payment sheets (and Alipay's
// authorization sheet for getAuthCode), for a
// browser with a WeChat or Alipay user agent (development, staging) where no real client
// exists: without it an in-app trade could never be paid, failed or cancelled locally. It
// answers the bridge exactly as the real clients do, after telling the sandbox gateway, which
// notifies the server as the real one would. A real bridge already present is left alone.
import type { Lang } from '../../../contract/api.js';
import { message } from '../../lib/messages.js';

function wordsIn(lang: Lang) {
  return {
    title: message(lang, 'sandbox.bridgeTitle'),
    miniProgram: message(lang, 'sandbox.miniProgramPayPage'),
    pay: message(lang, 'sandbox.cashierPay'),
    fail: message(lang, 'sandbox.bridgeFail'),
    cancel: message(lang, 'sandbox.cashierCancel'),
    authTitle: message(lang, 'sandbox.alipayAuthTitle'),
    authText: message(lang, 'sandbox.alipayAuthText', { site: message(lang, 'app.name') }),
    authAllow: message(lang, 'sandbox.allow'),
    authCancel: message(lang, 'sandbox.alipayAuthCancel'),
  };
}

export function sandboxBridgeScript(lang: Lang): string {
  // Both languages: the sheets speak the page's language (<html lang>), which the app sets
  // from its own choice even where no language cookie reached this script's request.
  const all = { cn: wordsIn('cn'), ja: wordsIn('ja'), asked: lang };
  return `(() => {
  const all = ${JSON.stringify(all).replace(/</g, '\\u003c')};
  const pageLang = document.documentElement.lang;
  const words = pageLang === 'ja' ? all.ja : pageLang.startsWith('zh') ? all.cn : all[all.asked];
  function sheet(provider, trade, done, heading) {
    const box = document.createElement('div');
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-label', heading || words.title);
    box.style.cssText = 'position:fixed;left:0;right:0;bottom:0;z-index:3000;background:#fff;padding:16px;box-shadow:0 -2px 12px rgba(0,0,0,.3);display:grid;gap:8px;font:16px sans-serif';
    const title = document.createElement('p');
    title.textContent = heading || words.title;
    title.style.margin = '0 0 4px';
    box.appendChild(title);
    for (const [result, label] of [['ok', words.pay], ['fail', words.fail], ['cancel', words.cancel]]) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = label;
      button.style.cssText = 'min-height:44px;font-size:16px';
      button.addEventListener('click', () => {
        box.remove();
        fetch('/sandbox/' + provider + '/confirm', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'trade=' + encodeURIComponent(trade) + '&result=' + result,
        }).catch(() => undefined).then(() => done(result));
      });
      box.appendChild(button);
    }
    document.body.appendChild(box);
    box.querySelector('button').focus();
  }
  if (!window.WeixinJSBridge) {
    window.WeixinJSBridge = {
      invoke(name, params, callback) {
        if (name !== 'getBrandWCPayRequest') return callback({ err_msg: name + ':fail' });
        sheet('wechat', String(params.package || '').replace('prepay_id=', ''), (result) =>
          callback({ err_msg: 'get_brand_wcpay_request:' + result }),
        );
      },
    };
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
  }
  // A mini-program's pay page (docs/product.md: its contract): it reads the trade from the path's query,
  // pays, and goes back to the web view, which asks the server. Opening it is navigateTo's success.
  function payPage(provider, url) {
    const query = new URLSearchParams(String(url).split('?')[1] || '');
    const trade = provider === 'wechat' ? String(query.get('package') || '').replace('prepay_id=', '') : String(query.get('tradeNO') || '');
    setTimeout(() => sheet(provider, trade, () => undefined, words.miniProgram), 0);
  }
  function miniProgram(provider) {
    return {
      navigateTo(options) {
        if (String(options.url).startsWith('/pages/pay/pay')) payPage(provider, options.url);
        if (options.success) options.success();
      },
      redirectTo(options) {
        if (options.success) options.success();
      },
      postMessage() {},
    };
  }
  if (!window.wx) {
    window.wx = {
      config() {},
      ready(callback) { callback(); },
      error() {},
      openLocation() {},
      updateAppMessageShareData() {},
      updateTimelineShareData() {},
      miniProgram: miniProgram('wechat'),
    };
  }
  if (!window.my) window.my = miniProgram('alipay');
  // Alipay's authorization sheet for getAuthCode: allow hands back a code the sandbox OAuth
  // provider accepts (for one sandbox person per browser, so signing in again finds the same
  // account); cancel answers as the app does when its user declines (error 11).
  function consent(callback) {
    const box = document.createElement('div');
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-label', words.authTitle);
    box.style.cssText = 'position:fixed;left:0;right:0;bottom:0;z-index:3000;background:#fff;padding:16px;box-shadow:0 -2px 12px rgba(0,0,0,.3);display:grid;gap:8px;font:16px sans-serif';
    const title = document.createElement('p');
    title.textContent = words.authTitle;
    title.style.cssText = 'margin:0;font-weight:bold';
    const text = document.createElement('p');
    text.textContent = words.authText;
    text.style.margin = '0 0 4px';
    box.append(title, text);
    const choose = (allow) => () => {
      box.remove();
      if (!allow) return callback({ error: 11, errorMessage: 'user cancelled' });
      let uid = localStorage.getItem('sandbox_alipay_uid');
      if (!uid) {
        uid = '2088' + Math.random().toString().slice(2, 14);
        localStorage.setItem('sandbox_alipay_uid', uid);
      }
      fetch('/sandbox/alipay/auth_code', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'uid=' + encodeURIComponent(uid),
      })
        .then((r) => r.json())
        .then((r) => callback({ authCode: r.authCode }), () => callback({ error: 2 }));
    };
    for (const [allow, label] of [[true, words.authAllow], [false, words.authCancel]]) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = label;
      button.style.cssText = 'min-height:44px;font-size:16px';
      button.addEventListener('click', choose(allow));
      box.appendChild(button);
    }
    document.body.appendChild(box);
    box.querySelector('button').focus();
  }
  if (!window.AlipayJSBridge) {
    window.AlipayJSBridge = {
      call(name, params, callback) {
        if (name === 'getAuthCode') return consent(callback);
        if (name !== 'tradePay') return callback({ error: 1 });
        sheet('alipay', String(params.tradeNO || ''), (result) =>
          callback({ resultCode: result === 'ok' ? '9000' : result === 'cancel' ? '6001' : '4000' }),
        );
      },
    };
    document.dispatchEvent(new Event('AlipayJSBridgeReady'));
  }
})();
`;
}
