// The decorations app.ts puts on Fastify's instance and requests, typed for every handler.
// Imported for its declarations by app.ts only; the composition floor, like app.ts itself.
import type { Lang, PayMethod } from '../contract/api.js';
import type { Config } from './config.js';
import type { JobSender } from './lib/queue.js';
import type { SignedIn } from './lib/auth.js';
import type { Database } from './db/client.js';
import type { OAuthPlatform, OAuthProvider } from './accounts/index.js';
import type { ContentCache } from './content/index.js';
import type { DocumentVault } from './documents/index.js';
import type { SessionCache } from './lib/session-cache.js';
import type { PaymentProvider, SandboxKeys } from './payments/index.js';
import type { MailProvider, SmsProvider } from './notifications/index.js';
import type { EsimDeps } from './esim/index.js';
import type { LinePlatform } from './line/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    mail: MailProvider;
    oauth: Record<OAuthPlatform, OAuthProvider>;
    /** The mini-programs' logins, exchanged for web-view tickets. */
    miniProgramOAuth: Record<OAuthPlatform, OAuthProvider>;
    documents: DocumentVault;
    payments: Record<PayMethod, PaymentProvider>;
    sandboxKeys: SandboxKeys;
    sms: SmsProvider;
    /** Null where no queue was given (tests): messages then wait in the outbox for a sweep. */
    jobs: JobSender | null;
    dbKind: 'pglite' | 'postgres';
    /** Live sessions by token hash (services/session-cache.ts). */
    sessions: SessionCache;
    /** Public data by key, until its tables change (services/content-cache.ts). */
    contentCache: ContentCache;
    /** The eSIM domain's services: the carrier's platform, the document key, stock settings. */
    esim: EsimDeps;
    /** The carrier's line platform (suspend, resume, SIM swap, end, data, MNP). */
    linePlatform: LinePlatform;
  }
  interface FastifyRequest {
    /** The display language this request asked for (Accept-Language). */
    lang: Lang;
    /** Set by `requireUser` (lib/auth.ts) once the token is checked. */
    signedIn: SignedIn | null;
  }
}
