import { makeAutoObservable, runInAction } from 'mobx';
import { fetchDocument, uploadDocument } from '../../api/documents';
import type { HttpClient } from '../../api/http-client';
import { postAddress } from '../../api/line';
import { toResult, type ActionResult } from '../../lib/action-result';
import type { Clearable } from '../../lib/clearable';
import { DocumentUploads, type DocumentTarget } from '../../lib/document-uploads';
import type { Resource } from '../../lib/resource';

type Personal = { info: Record<string, string>; cardAddress: Record<string, string> };

const ADDRESS = ['region', 'postcode', 'province', 'city', 'district', 'block', 'building'];
const PROOF = ['proofType', 'proofDate', 'proofDoc'];

/**
 * A new mailing address being entered, with the proof asked for when it is not the residence
 * card's address. Its proof goes up the same way as the purchase's documents.
 */
export class AddressChange implements DocumentTarget, Clearable {
  form: Record<string, string> = { region: 'JP' };
  fileNames: Record<string, string> = {};
  readonly uploads: DocumentUploads;
  /** Counts clears: an answer that arrives after one belongs to the customer who left. */
  private clears = 0;

  constructor(
    private readonly http: HttpClient,
    private readonly personal: Resource<Personal>,
  ) {
    this.uploads = new DocumentUploads(
      (kind, file, name) => uploadDocument(http, kind, file, name),
      (id) => fetchDocument(http, id),
    );
    makeAutoObservable<AddressChange, 'http' | 'personal' | 'clears'>(this, {
      http: false,
      personal: false,
      uploads: false,
      clears: false,
    });
  }

  /** Starts from the address on record. */
  async start(): Promise<void> {
    const clears = this.clears;
    await this.personal.load();
    runInAction(() => {
      // Signed out while it loaded: the address belongs to someone who left.
      if (clears !== this.clears) return;
      const info = this.personal.data.info;
      this.form = Object.fromEntries(ADDRESS.map((f) => [f, info[f] ?? (f === 'region' ? 'JP' : '')]));
      this.fileNames = {};
      this.uploads.reset();
    });
  }

  /** Forgets the address being entered and its proof (logout, a 401). */
  clear(): void {
    this.clears += 1;
    this.form = { region: 'JP' };
    this.fileNames = {};
    this.uploads.reset();
  }

  updateForm(fields: Record<string, string>): void {
    this.form = { ...this.form, ...fields };
  }

  /** The address differs from the residence card's, so a proof is needed. */
  get needsProof(): boolean {
    const card = this.personal.data.cardAddress;
    return Object.keys(card).length > 0 && ADDRESS.some((f) => (this.form[f] ?? '') !== (card[f] ?? ''));
  }

  async uploadDocument(field: string, kind: string, file: File): Promise<ActionResult<string>> {
    const clears = this.clears;
    const result = await this.uploads.upload(field, kind, file);
    if (result.ok && clears === this.clears) {
      runInAction(() => {
        this.form = { ...this.form, [field]: result.value };
        this.fileNames = { ...this.fileNames, [field]: file.name };
      });
    }
    return result;
  }

  async save(): Promise<ActionResult> {
    const sent = Object.fromEntries([...ADDRESS, ...PROOF].filter((f) => f in this.form).map((f) => [f, this.form[f]]));
    const result = await toResult(
      () => postAddress(this.http, sent),
      () => undefined,
    );
    if (result.ok) void this.personal.load();
    return result;
  }
}
