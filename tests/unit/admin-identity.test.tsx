import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminOrder } from '../../contract/admin-api';
import type { Lang } from '../../contract/api';
import {
  IDENTITY_METHODS,
  MATCHED_FIELDS,
  VERIFICATION_STATUSES,
  VERIFIED_DOCUMENTS,
} from '../../contract/identity-rules';
import { counterCheckSchema, type StaffIdentity, type StaffVerificationView } from '../../contract/identity-views';
import type { OrderStatus } from '../../contract/order-status';
import type { StaffRole } from '../../contract/staff-roles';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import { AdminApp } from '../../src/admin/app';
// Loaded up front: the console behind sign-in is a chunk the app imports when first shown.
import '../../src/admin/console';
import { counterCheckProblems, MATCHED_FIELD_LIST, VERIFIED_DOCUMENT_LIST } from '../../src/admin/identity';
import { RootStore } from '../../src/admin/stores/root-store';
import * as fixtures from './helpers/admin-fixtures';

// Issue 29: staff see an order's identity verification (IC chip + face or JPKI through the eKYC
// provider, the counter's IC chip read face to face, photos only for data plans) instead of
// photos; approve, hand-over and activation wait for a passed check and say why; a pickup
// order checked at the counter is recorded from the order page.

const ORDER_NO = 'SM20261201001';
const AT = '2026-12-01T03:00:00.000Z'; // 12:00 in Tokyo
const ok = (data: unknown) => ({ code: 1, msg: 'ok', time: 0, data });
const words = { cn, ja };

type Call = { method: string; url: string; body: unknown; csrf: string | null };
type Answer = { status?: number; body: unknown } | (() => Promise<{ status?: number; body: unknown }>);

function verification(change: Partial<StaffVerificationView> = {}): StaffVerificationView {
  return {
    verificationNo: 'V1',
    method: 'ic_chip',
    status: 'verified',
    mismatched: [],
    documentType: 'residence_card',
    completedAt: AT,
    createdAt: AT,
    provider: 'TRUSTDOCK',
    providerRef: 'TD-0001',
    verifiedName: '李 明',
    verifiedBirthday: '2000-01-02',
    verifiedAddress: '〒160-0022 東京都新宿区新宿 1-2-3',
    documentLast4: '5678',
    documentExpiry: '2030-03-04',
    matched: { name: true, birthday: true, address: true },
    checkedBy: null,
    ...change,
  };
}

function orderWith(
  status: OrderStatus,
  identity: Partial<StaffIdentity>,
  info: Record<string, string> = { delivery: 'mail' },
): AdminOrder {
  const order = fixtures.order(status);
  return {
    ...order,
    order: { ...order.order, info },
    identity: { lineType: 'voice', methods: ['ic_chip', 'jpki'], satisfied: false, verifications: [], ...identity },
  };
}

function setUp(order: AdminOrder, role: StaffRole, answers: Record<string, Answer> = {}, lang: Lang = 'cn') {
  const calls: Call[] = [];
  const me = { stage: 'active', csrf: 'csrf-1', staff: { login: 'store1', name: '店员', role } };
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = (input as string).split('?')[0]!;
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({
      method,
      url,
      body: init.body ? JSON.parse(init.body as string) : undefined,
      csrf: headers['x-csrf-token'] ?? null,
    });
    let answer: { status?: number; body: unknown } | undefined;
    if (url === '/api/admin/me') answer = { body: ok(me) };
    else if (method === 'GET' && url === `/api/admin/orders/${ORDER_NO}`) answer = { body: ok(order) };
    else {
      const given = answers[`${method} ${url}`];
      answer = typeof given === 'function' ? await given() : given;
    }
    return new Response(JSON.stringify(answer?.body ?? { code: 0, msg: '', data: { error: 'NOT_FOUND' } }), {
      status: answer ? (answer.status ?? 200) : 404,
    });
  };
  localStorage.setItem('sm-admin-lang', lang);
  window.history.pushState({}, '', `/admin/orders/${ORDER_NO}`);
  render(<AdminApp store={new RootStore(fetchImpl)} />);
  return { posts: () => calls.filter((call) => call.method === 'POST') };
}

const panel = () => screen.findByRole('region', { name: cn.admin.identity.title });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("the console's copies of the contract's lists", () => {
  it('are the contract’s, in its order', () => {
    expect(VERIFIED_DOCUMENT_LIST).toEqual([...VERIFIED_DOCUMENTS]);
    expect(MATCHED_FIELD_LIST).toEqual([...MATCHED_FIELDS]);
  });

  it("check the counter's entry as counterCheckSchema does", () => {
    const cases = [
      { documentType: '', documentLast4: '' },
      { documentType: 'residence_card', documentLast4: '1234' },
      { documentType: 'passport', documentLast4: ' AB12 ' },
      { documentType: 'my_number_card', documentLast4: '123' },
      { documentType: 'driving_licence', documentLast4: '12345' },
      { documentType: 'driving_licence', documentLast4: '12-4' },
      { documentType: 'health_card', documentLast4: '1234' },
      { documentType: 'residence_card', documentLast4: '１２３４' },
    ];
    for (const body of cases) {
      const parsed = counterCheckSchema.safeParse(body);
      const fromSchema = Object.fromEntries(
        (parsed.success ? [] : parsed.error.issues).map((issue) => [String(issue.path[0]), issue.message]),
      );
      expect(counterCheckProblems(body), JSON.stringify(body)).toEqual(fromSchema);
    }
  });
});

describe('the identity verification panel', () => {
  for (const lang of ['cn', 'ja'] as const)
    it(`says every method, status and document in words (${lang})`, async () => {
      const verifications = VERIFICATION_STATUSES.map((status, i) =>
        verification({
          verificationNo: `V${i}`,
          status,
          method: IDENTITY_METHODS[i % IDENTITY_METHODS.length]!,
          documentType: VERIFIED_DOCUMENTS[i % VERIFIED_DOCUMENTS.length]!,
        }),
      );
      setUp(orderWith('under_review', { methods: [...IDENTITY_METHODS], verifications }), 'reviewer', {}, lang);
      const region = await screen.findByRole('region', { name: words[lang].admin.identity.title });
      const text = region.textContent ?? '';
      const w = words[lang].admin.identity;
      for (const status of VERIFICATION_STATUSES) expect(text).toContain(w.statuses[status]);
      for (const method of IDENTITY_METHODS) expect(text).toContain(w.methods[method]);
      for (const document of VERIFIED_DOCUMENTS) expect(text).toContain(w.documents[document]);
      expect(text).toContain(w.lineTypes.voice);
      expect(text).toContain(w.notSatisfied);
      for (const raw of [...VERIFICATION_STATUSES, ...IDENTITY_METHODS, ...VERIFIED_DOCUMENTS])
        expect(text).not.toMatch(new RegExp(`(^|[^A-Za-z_])${raw}($|[^A-Za-z_])`));
    });

  it('shows the record: provider and reference, what the chip said, last 4, expiry, Tokyo times', async () => {
    setUp(orderWith('under_review', { satisfied: true, verifications: [verification()] }), 'reviewer');
    const region = await panel();
    const facts = (label: string) => within(region).getByText(label).nextElementSibling?.textContent;
    expect(facts(cn.admin.identity.provider)).toBe('TRUSTDOCK');
    expect(facts(cn.admin.identity.providerRef)).toBe('TD-0001');
    expect(facts(cn.admin.identity.verifiedName)).toBe('李 明');
    expect(facts(cn.admin.identity.verifiedBirthday)).toBe('2000-01-02');
    expect(facts(cn.admin.identity.verifiedAddress)).toBe('〒160-0022 東京都新宿区新宿 1-2-3');
    expect(facts(cn.admin.identity.documentType)).toBe(cn.admin.identity.documents.residence_card);
    expect(facts(cn.admin.identity.documentLast4)).toBe('5678');
    expect(facts(cn.admin.identity.documentExpiry)).toBe('2030-03-04');
    expect(facts(cn.admin.identity.completedAt)).toBe('2026/12/01 12:00');
    expect(within(region).getByText(cn.admin.identity.satisfied)).toBeTruthy();
  });

  it('ticks each matched field and crosses (and highlights) each that did not match', async () => {
    const mismatch = verification({
      status: 'data_mismatch',
      mismatched: ['address'],
      matched: { name: true, birthday: true, address: false },
    });
    setUp(orderWith('under_review', { verifications: [mismatch] }), 'reviewer');
    const table = within(await panel()).getByRole('table', { name: cn.admin.identity.matched });
    const row = (field: string) => within(table).getByRole('row', { name: new RegExp(field) });
    expect(row(cn.admin.identity.fields.name).textContent).toContain(cn.admin.identity.matchYes);
    expect(row(cn.admin.identity.fields.birthday).textContent).toContain(cn.admin.identity.matchYes);
    expect(row(cn.admin.identity.fields.address).textContent).toContain(cn.admin.identity.matchNo);
    expect(row(cn.admin.identity.fields.address).className).toContain('identity-mismatch');
    expect(row(cn.admin.identity.fields.name).className).not.toContain('identity-mismatch');
    expect((await panel()).textContent).toContain('不一致的项目：地址');
  });

  it('says the counter and who checked in words', async () => {
    const counter = verification({ method: 'counter', provider: 'counter', providerRef: null, checkedBy: 'store1' });
    setUp(orderWith('approved', { satisfied: true, verifications: [counter] }, { delivery: 'pickup' }), 'fulfilment');
    const region = await panel();
    const fact = (label: string) => within(region).getByText(label).nextElementSibling?.textContent;
    expect(fact(cn.admin.identity.provider)).toBe(cn.admin.identity.providerCounter);
    expect(fact(cn.admin.identity.checkedBy)).toBe('store1');
  });

  it('says no photos were collected for a chip or JPKI order, instead of empty slots', async () => {
    setUp(
      orderWith('under_review', { satisfied: true, verifications: [verification({ method: 'jpki' })] }),
      'reviewer',
    );
    await panel();
    expect(screen.getByText(cn.admin.identity.noPhotos)).toBeTruthy();
    expect(screen.queryByText(cn.admin.documents.none)).toBeNull();
  });

  it('keeps the documents for a data plan whose photos are allowed', async () => {
    setUp(
      orderWith('under_review', { lineType: 'data', methods: ['photos', 'ic_chip', 'jpki'], satisfied: true }),
      'reviewer',
    );
    await panel();
    expect(screen.queryByText(cn.admin.identity.noPhotos)).toBeNull();
  });
});

describe('approve waits for a passed identity check', () => {
  const approveButton = () => screen.findByRole('button', { name: cn.admin.review.approve });

  const cases: [string, Partial<StaffIdentity>, string][] = [
    ['none begun', {}, cn.admin.identity.blocked.none],
    ['pending', { verifications: [verification({ status: 'pending' })] }, cn.admin.identity.blocked.pending],
    [
      'face mismatch',
      { verifications: [verification({ status: 'face_mismatch' })] },
      '最近一次本人确认的结果为“人脸比对不一致”，不能审核通过。',
    ],
    [
      'data mismatch',
      {
        verifications: [
          verification({
            status: 'data_mismatch',
            mismatched: ['name', 'birthday'],
            matched: { name: false, birthday: false, address: true },
          }),
        ],
      },
      '证件资料与客户填写的内容不一致（姓名、出生日期），不能审核通过。',
    ],
  ];
  for (const [name, identity, reason] of cases)
    it(`is disabled with its reason: ${name}`, async () => {
      const { posts } = setUp(orderWith('under_review', identity), 'reviewer');
      const button = await approveButton();
      expect((button as HTMLButtonElement).disabled).toBe(true);
      const described = document.getElementById(button.getAttribute('aria-describedby') ?? '');
      expect(described?.textContent).toBe(reason);
      // Enter in the checklist sends nothing either.
      fireEvent.submit(document.getElementById('review-approve-form')!);
      expect(posts()).toEqual([]);
    });

  it('the latest check decides, whatever order the server lists them in', async () => {
    const older = verification({ verificationNo: 'V1', status: 'verified', createdAt: '2026-11-30T01:00:00.000Z' });
    const newer = verification({ verificationNo: 'V2', status: 'mismatch', createdAt: AT });
    setUp(orderWith('under_review', { verifications: [newer, older] }), 'reviewer');
    expect(((await approveButton()) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('最近一次本人确认的结果为“证件与本人不符”，不能审核通过。')).toBeTruthy();
  });

  it('is enabled once the check passed', async () => {
    setUp(orderWith('under_review', { satisfied: true, verifications: [verification()] }), 'reviewer');
    const button = await approveButton();
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(button.getAttribute('aria-describedby')).toBeNull();
  });

  it('is enabled for a pickup order to be checked at the counter, which says so', async () => {
    setUp(orderWith('under_review', { methods: ['ic_chip', 'jpki', 'counter'] }, { delivery: 'pickup' }), 'reviewer');
    expect(((await approveButton()) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText(cn.admin.identity.counterAhead)).toBeTruthy();
  });

  it('shows the server’s refusal in words', async () => {
    setUp(orderWith('under_review', { satisfied: true, verifications: [verification()] }), 'reviewer', {
      [`POST /api/admin/orders/${ORDER_NO}/approve`]: {
        body: { code: 0, msg: '', time: 0, data: { error: 'IDENTITY_REQUIRED' } },
      },
    });
    fireEvent.click(await approveButton());
    expect((await screen.findByRole('alert')).textContent).toBe(cn.admin.refusals.IDENTITY_REQUIRED);
  });
});

describe("the counter's IC chip check", () => {
  const counterOrder = (status: OrderStatus = 'approved') =>
    orderWith(
      status,
      { methods: ['ic_chip', 'jpki', 'counter'] },
      {
        delivery: 'pickup',
        store: '新宿店',
      },
    );
  const recorded = (status: OrderStatus = 'approved'): AdminOrder => ({
    ...counterOrder(status),
    identity: {
      lineType: 'voice',
      methods: ['ic_chip', 'jpki', 'counter'],
      satisfied: true,
      verifications: [
        verification({
          method: 'counter',
          provider: 'counter',
          providerRef: null,
          documentType: 'my_number_card',
          documentLast4: '12AB',
          checkedBy: 'store1',
        }),
      ],
    },
  });
  const form = () => screen.findByRole('form', { name: cn.admin.identity.counter.title });
  const submit = () => screen.getByRole('button', { name: cn.admin.identity.counter.submit });

  it('lets the SIM wait at the store before it is recorded: "ready for pickup" is what calls the customer in', async () => {
    setUp(counterOrder(), 'fulfilment');
    await form();
    const pickup = screen.getByRole<HTMLButtonElement>('button', { name: cn.admin.fulfil.pickup });
    expect(pickup.disabled).toBe(false);
    expect(pickup.getAttribute('aria-describedby')).toBeNull();
  });

  it('waits to activate until it is recorded, at the store too', async () => {
    setUp(counterOrder('ready_for_pickup'), 'fulfilment');
    await form();
    const activate = screen.getByRole<HTMLButtonElement>('button', { name: cn.admin.fulfil.activate });
    expect(activate.disabled).toBe(true);
    expect(screen.getByText(cn.admin.identity.blocked.counter)).toBeTruthy();
  });

  it('has a label on every field and checks them as the server would, sending nothing', async () => {
    const { posts } = setUp(counterOrder(), 'fulfilment');
    await form();
    const select = screen.getByLabelText<HTMLSelectElement>(cn.admin.identity.counter.documentType);
    expect([...select.options].map((option) => option.textContent)).toEqual([
      cn.admin.identity.counter.choose,
      ...VERIFIED_DOCUMENTS.map((document) => cn.admin.identity.documents[document]),
    ]);
    fireEvent.click(submit());
    expect(screen.getByText(cn.api.errors.REQUIRED)).toBeTruthy();
    expect(screen.getByText(cn.admin.refusals.DOCUMENT_LAST4_INVALID)).toBeTruthy();
    fireEvent.change(select, { target: { value: 'passport' } });
    fireEvent.change(screen.getByLabelText(cn.admin.identity.counter.documentLast4), { target: { value: '12' } });
    fireEvent.click(submit());
    expect(screen.getByLabelText(cn.admin.identity.counter.documentLast4).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts()).toEqual([]);
  });

  it('asks first, is disabled while sending, then shows the record and lets the SIM be handed over', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const { posts } = setUp(counterOrder(), 'fulfilment', {
      [`POST /api/admin/orders/${ORDER_NO}/counter-check`]: () => new Promise((resolve) => (answer = resolve)),
    });
    await form();
    fireEvent.change(screen.getByLabelText(cn.admin.identity.counter.documentType), {
      target: { value: 'my_number_card' },
    });
    fireEvent.change(screen.getByLabelText(cn.admin.identity.counter.documentLast4), { target: { value: ' 12AB ' } });
    fireEvent.click(submit());
    const dialog = screen.getByRole('dialog', { name: cn.admin.identity.counter.confirmTitle });
    expect(dialog.textContent).toContain(ORDER_NO);
    expect(dialog.textContent).toContain(cn.admin.identity.documents.my_number_card);
    expect(dialog.textContent).toContain('12AB');
    fireEvent.click(within(dialog).getByRole('button', { name: cn.admin.confirmCancel }));
    expect(posts()).toEqual([]);

    fireEvent.click(submit());
    fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: cn.admin.identity.counter.confirm }),
    );
    const sending = await screen.findByRole('button', { name: cn.admin.identity.counter.sending });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(posts()).toEqual([
      {
        method: 'POST',
        url: `/api/admin/orders/${ORDER_NO}/counter-check`,
        body: { documentType: 'my_number_card', documentLast4: '12AB' },
        csrf: 'csrf-1',
      },
    ]);
    await act(async () => answer({ body: ok(recorded()) }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(cn.admin.identity.counter.done));
    expect(screen.queryByRole('form', { name: cn.admin.identity.counter.title })).toBeNull();
    const region = await panel();
    expect(region.textContent).toContain(cn.admin.identity.providerCounter);
    expect(region.textContent).toContain('12AB');
    expect(region.textContent).toContain(cn.admin.identity.satisfied);
    const pickup = screen.getByRole<HTMLButtonElement>('button', { name: cn.admin.fulfil.pickup });
    expect(pickup.disabled).toBe(false);
  });

  const refusals: [string, { status?: number; body: unknown }, string][] = [
    [
      'a role that may not',
      { status: 403, body: { code: 0, msg: '', data: { error: 'FORBIDDEN' } } },
      cn.admin.forbidden,
    ],
    [
      'an order not at the counter stage',
      { body: { code: 0, msg: '', data: { error: 'STATUS_CONFLICT' } } },
      cn.api.errors.STATUS_CONFLICT,
    ],
    [
      'the last 4 refused by the server',
      {
        body: {
          code: 0,
          msg: '',
          data: { error: 'DOCUMENT_LAST4_INVALID', fields: { documentLast4: 'DOCUMENT_LAST4_INVALID' } },
        },
      },
      cn.admin.refusals.DOCUMENT_LAST4_INVALID,
    ],
  ];
  for (const [name, refusal, text] of refusals)
    it(`shows the server's refusal in words: ${name}`, async () => {
      setUp(counterOrder(), 'fulfilment', { [`POST /api/admin/orders/${ORDER_NO}/counter-check`]: refusal });
      await form();
      fireEvent.change(screen.getByLabelText(cn.admin.identity.counter.documentType), {
        target: { value: 'residence_card' },
      });
      fireEvent.change(screen.getByLabelText(cn.admin.identity.counter.documentLast4), { target: { value: '9999' } });
      fireEvent.click(submit());
      fireEvent.click(
        within(screen.getByRole('dialog')).getByRole('button', { name: cn.admin.identity.counter.confirm }),
      );
      await waitFor(() => expect(screen.getByText(text)).toBeTruthy());
      expect((submit() as HTMLButtonElement).disabled).toBe(false);
      expect(document.body.textContent).not.toMatch(/DOCUMENT_LAST4_INVALID|STATUS_CONFLICT|FORBIDDEN/);
    });

  it('is not offered for a mail order, whose online check must pass instead', async () => {
    setUp(orderWith('approved', { methods: ['ic_chip', 'jpki'] }), 'fulfilment');
    const ship = await screen.findByRole<HTMLButtonElement>('button', { name: cn.admin.fulfil.ship });
    expect(screen.queryByRole('form', { name: cn.admin.identity.counter.title })).toBeNull();
    expect(ship.disabled).toBe(true);
    expect(screen.getByText(cn.admin.identity.blocked.none)).toBeTruthy();
  });
});
