import { describe, expect, it } from 'vitest';
import { DECODE_SLOTS, withDecodeSlot } from '../../server/documents/decode-slots';
import { storeDocument, type DocumentVault } from '../../server/documents/documents';

/** A promise and the function that settles it. */
function gate() {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('decode slots', () => {
  it('runs at most DECODE_SLOTS at once and queues the rest in order, refusing none', async () => {
    const gates = Array.from({ length: DECODE_SLOTS + 3 }, gate);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const all = gates.map((g, i) =>
      withDecodeSlot(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await g.opened;
        running -= 1;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual(gates.slice(0, DECODE_SLOTS).map((_, i) => i));
    for (const g of gates) {
      g.open();
      await tick();
    }
    expect(await Promise.all(all)).toEqual(gates.map((_, i) => i));
    expect(started).toEqual(gates.map((_, i) => i));
    expect(most).toBe(DECODE_SLOTS);
  });

  it('reads an upload only when its turn to be decoded comes', async () => {
    const held = Array.from({ length: DECODE_SLOTS }, gate);
    const holders = held.map((g) => withDecodeSlot(() => g.opened));
    let read = false;
    // Refused as empty once read: the vault is never reached.
    const vault = {} as DocumentVault;
    const stored = storeDocument(vault, 1, 'passport', () => {
      read = true;
      return Promise.resolve(Buffer.alloc(0));
    });
    await tick();
    expect(read).toBe(false);
    for (const g of held) g.open();
    await Promise.all(holders);
    await expect(stored).rejects.toMatchObject({ key: 'FILE_REQUIRED' });
    expect(read).toBe(true);
  });
});
