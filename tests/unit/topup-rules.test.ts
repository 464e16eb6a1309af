import { describe, expect, it } from 'vitest';
import { tokyoDate } from '../../contract/calendar';
import { addonById, addonValidUntil, DATA_ADDONS } from '../../contract/topup-rules';
import { gmoCardOnFileLive } from '../../server/payments/providers/gmo-card-on-file-live';

// Add-ons' validity in Tokyo dates: "to the month's end" and "30 days counting today", at month
// ends, leap years and the UTC evening that is already tomorrow in Tokyo.

const oneGb = addonById('1gb')!;
const threeGb = addonById('3gb')!;

describe('add-on validity', () => {
  it('lists the add-ons as data, priced before tax', () => {
    expect(DATA_ADDONS.map((a) => [a.id, a.megabytes, a.priceExTax])).toEqual([
      ['1gb', 1024, 500],
      ['3gb', 3072, 1200],
    ]);
  });

  it('lasts to the end of the Tokyo month it is bought in', () => {
    expect(addonValidUntil(oneGb, '2031-01-15')).toBe('2031-01-31');
    expect(addonValidUntil(oneGb, '2031-01-31')).toBe('2031-01-31');
    expect(addonValidUntil(oneGb, '2031-02-01')).toBe('2031-02-28');
    expect(addonValidUntil(oneGb, '2032-02-10')).toBe('2032-02-29');
    expect(addonValidUntil(oneGb, '2031-04-30')).toBe('2031-04-30');
    expect(addonValidUntil(oneGb, '2031-12-31')).toBe('2031-12-31');
  });

  it('lasts 30 days counting the day it is bought, across month and year ends', () => {
    expect(addonValidUntil(threeGb, '2031-01-01')).toBe('2031-01-30');
    expect(addonValidUntil(threeGb, '2031-01-31')).toBe('2031-03-01');
    expect(addonValidUntil(threeGb, '2032-01-31')).toBe('2032-02-29');
    expect(addonValidUntil(threeGb, '2031-12-15')).toBe('2032-01-13');
  });

  it('counts from the Tokyo day: 23:30 UTC on the 31st is already the 1st in Tokyo', () => {
    const day = tokyoDate(new Date('2031-01-31T23:30:00Z'));
    expect(day).toBe('2031-02-01');
    expect(addonValidUntil(oneGb, day)).toBe('2031-02-28');
    const stillJanuary = tokyoDate(new Date('2031-01-31T14:59:00Z'));
    expect(addonValidUntil(oneGb, stillJanuary)).toBe('2031-01-31');
  });
});

describe("GMO-PG's member and card registration (live adapter)", () => {
  const answering = (answers: Record<string, string>) => {
    const calls: { path: string; params: URLSearchParams }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      const path = new URL(url).pathname;
      calls.push({ path, params: new URLSearchParams(init.body as string) });
      return new Response(answers[path] ?? 'ErrCode=E01&ErrInfo=E01999999');
    }) as unknown as typeof fetch;
    const gateway = gmoCardOnFileLive({
      shopId: 'shop1',
      shopPass: 'pass1',
      siteId: 'site1',
      sitePass: 'spass',
      apiBase: 'https://pt01.mul-pay.jp',
      fetchImpl,
    });
    return { gateway, calls };
  };

  it('saves a member and the token card, and reads back only the masked number and expiry', async () => {
    const { gateway, calls } = answering({
      '/payment/SaveMember.idPass': 'ErrCode=E01&ErrInfo=E01390010',
      '/payment/SaveCard.idPass': 'CardSeq=0&CardNo=*************111&Forward=2a99662',
      '/payment/SearchCard.idPass': 'CardSeq=0&DefaultFlag=1&CardNo=411111******1111&Expire=2812&DeleteFlag=0',
    });
    const saved = await gateway.saveCard(7, 'tok');
    expect(saved).toEqual({ memberId: 'member-7', cardSeq: '0', maskedNumber: '411111******1111', expiry: '2812' });
    expect(calls.map((c) => c.path)).toEqual([
      '/payment/SaveMember.idPass',
      '/payment/SaveCard.idPass',
      '/payment/SearchCard.idPass',
    ]);
    expect(calls[1]!.params.get('Token')).toBe('tok');
    expect(calls[1]!.params.get('SiteID')).toBe('site1');
  });

  it('charges with EntryTran and ExecTran by MemberID and CardSeq; a decline carries the error code', async () => {
    const ok = answering({
      '/payment/EntryTran.idPass': 'AccessID=a1&AccessPass=p1',
      '/payment/ExecTran.idPass': 'ACS=0&OrderID=P1&TranID=t9',
    });
    expect(await ok.gateway.chargeCard('member-7', '0', 'P1', 550)).toEqual({ status: 'paid', tradeNo: 't9' });
    expect(ok.calls[1]!.params.get('MemberID')).toBe('member-7');
    expect(ok.calls[1]!.params.get('CardSeq')).toBe('0');
    expect(ok.calls[0]!.params.get('Amount')).toBe('550');
    const no = answering({
      '/payment/EntryTran.idPass': 'AccessID=a1&AccessPass=p1',
      '/payment/ExecTran.idPass': 'ErrCode=G02&ErrInfo=42G020000',
    });
    expect(await no.gateway.chargeCard('member-7', '0', 'P2', 550)).toEqual({ status: 'declined', code: '42G020000' });
  });

  it('asked again with a used OrderID, answers the first charge instead of charging twice', async () => {
    const { gateway, calls } = answering({
      '/payment/EntryTran.idPass': 'ErrCode=E01&ErrInfo=E01040010',
      '/payment/SearchTrade.idPass': 'Status=CAPTURE&TranID=t1&AccessID=a1',
    });
    expect(await gateway.chargeCard('member-7', '0', 'P1', 550)).toEqual({ status: 'paid', tradeNo: 't1' });
    expect(calls.map((c) => c.path)).not.toContain('/payment/ExecTran.idPass');
  });

  it('looks a charge up without charging: captured, never seen, or the gateway failing', async () => {
    const taken = answering({ '/payment/SearchTrade.idPass': 'Status=CAPTURE&TranID=t2&AccessID=a2' });
    expect(await taken.gateway.findCharge('P3')).toEqual({ status: 'paid', tradeNo: 't2' });
    expect(taken.calls.map((c) => c.path)).toEqual(['/payment/SearchTrade.idPass']);
    const unseen = answering({ '/payment/SearchTrade.idPass': 'ErrCode=E01&ErrInfo=E01110002' });
    expect(await unseen.gateway.findCharge('P4')).toBeNull();
    const failing = answering({ '/payment/SearchTrade.idPass': 'ErrCode=E90&ErrInfo=E90000001' });
    await expect(failing.gateway.findCharge('P5')).rejects.toThrow();
  });
});
