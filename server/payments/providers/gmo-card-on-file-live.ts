import { parseGmoAnswer } from './gmo-live.js';
import { CardOnFileError, memberIdOf, type CardOnFile } from './card-on-file.js';

export interface GmoSiteConfig {
  shopId: string;
  shopPass: string;
  siteId: string;
  sitePass: string;
  apiBase: string;
  fetchImpl?: typeof fetch;
}

/** SaveMember's answer when the member exists already (E01390010: MemberID registered). */
const MEMBER_EXISTS = 'E01390010';
/** EntryTran's answer when the OrderID was used already (a retry of the same charge). */
const ORDER_ID_USED = 'E01040010';
const CHARGED = ['CAPTURE', 'AUTH', 'SALES'];

/**
 * GMO-PG's member and card registration (site API): SaveMember.idPass, SaveCard.idPass with the
 * token from token.js (SeqMode 0, one card per member: a new card replaces the old one's
 * sequence number 0 via DefaultFlag), DeleteCard.idPass, and a charge of the registered card
 * with EntryTran.idPass + ExecTran.idPass naming MemberID and CardSeq. Answers are form-encoded
 * text with ErrCode/ErrInfo on failure.
 */
export function gmoCardOnFileLive(config: GmoSiteConfig): CardOnFile {
  const fetchImpl = config.fetchImpl ?? fetch;
  const post = async (path: string, params: Record<string, string>) => {
    const res = await fetchImpl(`${config.apiBase}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(20_000),
    });
    return parseGmoAnswer(await res.text());
  };
  const site = { SiteID: config.siteId, SitePass: config.sitePass };
  const shop = { ShopID: config.shopId, ShopPass: config.shopPass };
  const firstError = (answer: Record<string, string>) => (answer.ErrInfo ?? answer.ErrCode ?? '').split('|')[0]!;

  return {
    name: 'live',
    async saveCard(userId, token) {
      const memberId = memberIdOf(userId);
      const member = await post('/payment/SaveMember.idPass', { ...site, MemberID: memberId });
      if (member.ErrCode && firstError(member) !== MEMBER_EXISTS) throw new CardOnFileError(firstError(member));
      const saved = await post('/payment/SaveCard.idPass', {
        ...site,
        MemberID: memberId,
        SeqMode: '0',
        DefaultFlag: '1',
        Token: token,
      });
      if (saved.ErrCode || !saved.CardSeq) throw new CardOnFileError(firstError(saved) || 'E01');
      const found = await post('/payment/SearchCard.idPass', {
        ...site,
        MemberID: memberId,
        SeqMode: '0',
        CardSeq: saved.CardSeq,
      });
      if (found.ErrCode) throw new CardOnFileError(firstError(found));
      return {
        memberId,
        cardSeq: saved.CardSeq,
        maskedNumber: found.CardNo ?? saved.CardNo ?? '',
        expiry: found.Expire ?? '',
      };
    },
    async deleteCard(memberId, cardSeq) {
      const answer = await post('/payment/DeleteCard.idPass', {
        ...site,
        MemberID: memberId,
        SeqMode: '0',
        CardSeq: cardSeq,
      });
      // E01240002: no such card (deleted before): what was asked holds.
      if (answer.ErrCode && firstError(answer) !== 'E01240002') throw new CardOnFileError(firstError(answer));
    },
    async chargeCard(memberId, cardSeq, orderId, amount) {
      const entry = await post('/payment/EntryTran.idPass', {
        ...shop,
        OrderID: orderId,
        JobCd: 'CAPTURE',
        Amount: String(amount),
      });
      if (entry.ErrCode && firstError(entry) === ORDER_ID_USED) {
        const found = await post('/payment/SearchTrade.idPass', { ...shop, OrderID: orderId });
        if (!found.ErrCode && CHARGED.includes(found.Status ?? ''))
          return { status: 'paid', tradeNo: found.TranID ?? found.AccessID ?? orderId };
        return { status: 'declined', code: firstError(found) || found.Status || ORDER_ID_USED };
      }
      if (entry.ErrCode || !entry.AccessID || !entry.AccessPass)
        return { status: 'declined', code: firstError(entry) || 'E01' };
      const exec = await post('/payment/ExecTran.idPass', {
        ...site,
        AccessID: entry.AccessID,
        AccessPass: entry.AccessPass,
        OrderID: orderId,
        Method: '1',
        MemberID: memberId,
        SeqMode: '0',
        CardSeq: cardSeq,
      });
      if (exec.ErrCode) return { status: 'declined', code: firstError(exec) };
      return { status: 'paid', tradeNo: exec.TranID ?? entry.AccessID };
    },
    async findCharge(orderId) {
      const found = await post('/payment/SearchTrade.idPass', { ...shop, OrderID: orderId });
      if (!found.ErrCode && CHARGED.includes(found.Status ?? ''))
        return { status: 'paid', tradeNo: found.TranID ?? found.AccessID ?? orderId };
      // E01110002: no trade of this OrderID (EntryTran never reached the gateway).
      if (found.ErrCode && firstError(found) === 'E01110002') return null;
      if (found.ErrCode) throw new Error(`SearchTrade ${firstError(found)}`);
      return { status: 'declined', code: found.Status || 'UNPROCESSED' };
    },
  };
}
