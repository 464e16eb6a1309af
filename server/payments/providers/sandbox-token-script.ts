// The sandbox's token.js: the same `Multipayment` global, call shapes and result codes as
// the gateway's real script. Card data goes from the page to the sandbox token service,
// never to /api.
import { CARD_GATEWAY_BUSY } from '../../../contract/card-rules.js';

export const SANDBOX_TOKEN_SCRIPT = `(function () {
  var shopId = null;
  function finish(callback, result) {
    if (typeof callback === 'function') return callback(result);
    if (typeof window[callback] === 'function') return window[callback](result);
  }
  window.Multipayment = {
    init: function (id) { shopId = id; },
    getToken: function (card, callback) {
      var xhr = new XMLHttpRequest();
      xhr.open('POST', '/sandbox/gmo/token');
      xhr.setRequestHeader('Content-Type', 'application/json');
      xhr.onload = function () {
        try { finish(callback, JSON.parse(xhr.responseText)); } catch (e) { finish(callback, { resultCode: '${CARD_GATEWAY_BUSY}' }); }
      };
      xhr.onerror = function () { finish(callback, { resultCode: '${CARD_GATEWAY_BUSY}' }); };
      xhr.send(JSON.stringify({
        shopId: shopId || '',
        cardno: card && card.cardno || '',
        expire: card && card.expire || '',
        securitycode: card && card.securitycode || '',
        holdername: card && card.holdername || '',
        tokennumber: card && card.tokennumber || '1'
      }));
    }
  };
})();
`;
