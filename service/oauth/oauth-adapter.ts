// oidc-provider's storage adapter on the service store (table oauth_records, migration 10; SQL
// in store/queries/oauth.ts). One class for every model the provider keeps (sessions,
// interactions, grants, codes, tokens, registered clients). Tokens and codes are bearer secrets:
// they are kept under the SHA-256 of their value, and their payload without it (the provider
// puts the value in `jti`; find() gives it back from the id it was asked for), as API keys are.
// Expiry is the provider's own (it counts on Date.now, not on the service clock): a record is
// gone for the provider once its expiry passes, and sweepOAuthRecords deletes it later.
// A client whose id is an https URL is not stored: its metadata document is fetched
// (client-metadata-document.ts). A lost database is the provider's 503 (provider-outage.ts).
// Text jsonb cannot hold (NUL, a lone surrogate) never reaches the database: a client's metadata
// is refused as RFC 7591 says (client-metadata-text.ts), any other record's payload (an
// authorization request's parameters) 400 invalid_request, and an id holding a NUL (from a URL
// or a header) is no record; each was a 500 server_error before.
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import { findUnstorableText } from '../../src/contract/storable-text.js';
import type { Queryable, Store } from '../store/open-store.js';
import { secretDigest } from '../accounts/secret-token.js';
import { OAUTH_SQL } from '../store/queries/oauth.js';
import { isClientDocumentUrl, type ClientMetadata } from './client-metadata-document.js';
import { clientMetadataTextRefusal } from './client-metadata-text.js';
import { asProviderOutage } from './provider-outage.js';

/** Models whose id is a bearer secret (its holder may use it). */
const SECRET_MODELS = new Set(['AccessToken', 'RefreshToken', 'AuthorizationCode', 'ClientCredentials', 'DeviceCode', 'BackchannelAuthenticationRequest',
  'RegistrationAccessToken', 'InitialAccessToken']);

/** An id no record can have: PostgreSQL text cannot hold a NUL. */
function impossibleId(id: string): boolean {
  return id.includes('\u0000');
}

function storedId(model: string, id: string): string {
  return SECRET_MODELS.has(model) ? secretDigest(id) : id;
}

interface Row {
  payload: AdapterPayload;
  consumido_em: Date | null;
}

function revive(row: Row | undefined, id?: string): AdapterPayload | undefined {
  if (!row) return undefined;
  const payload = { ...row.payload };
  if (id !== undefined && payload.jti === undefined) payload.jti = id;
  if (row.consumido_em) payload.consumed = Math.floor(row.consumido_em.getTime() / 1000);
  return payload;
}

/** The adapter class the provider instantiates per model, on `store`. */
export function oauthAdapter(store: Store, clientDocument: (id: string) => Promise<ClientMetadata | undefined>): new (model: string) => Adapter {
  const db: Queryable = {
    query: <T>(sql: string, params?: unknown[]) => store.query<T>(sql, params).catch((err: unknown) => { throw asProviderOutage(err); }),
    exec: (sql) => store.exec(sql),
  };
  return class OAuthRecords implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      if (this.model === 'Client') {
        const refusal = clientMetadataTextRefusal(payload);
        if (refusal) throw refusal;
      }
      const unstorable = findUnstorableText(payload);
      if (unstorable) {
        // named when the name itself is clean (it may travel back in a redirect's query)
        const name = unstorable.filter((s): s is string => typeof s === 'string').at(-1);
        const what = name !== undefined && findUnstorableText(name) === null ? name : 'a parameter';
        throw new errors.InvalidRequest(`${what} holds a NUL character or a lone UTF-16 surrogate: send valid Unicode text`);
      }
      const kept = { ...payload };
      if (SECRET_MODELS.has(this.model)) delete kept.jti;
      const expires = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      await db.query(OAUTH_SQL.upsert, [this.model, storedId(this.model, id), kept, payload.grantId ?? null, payload.uid ?? null, expires]);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (impossibleId(id)) return undefined;
      if (this.model === 'Client' && isClientDocumentUrl(id)) return clientDocument(id) as Promise<AdapterPayload | undefined>;
      const row = (await db.query<Row>(OAUTH_SQL.find, [this.model, storedId(this.model, id), new Date()])).rows[0];
      return revive(row, id);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      if (impossibleId(uid)) return undefined;
      return revive((await db.query<Row>(OAUTH_SQL.findByUid, [this.model, uid, new Date()])).rows[0]);
    }

    async findByUserCode(): Promise<AdapterPayload | undefined> {
      return undefined; // the device flow is not enabled
    }

    async consume(id: string): Promise<void> {
      if (impossibleId(id)) return;
      await db.query(OAUTH_SQL.consume, [this.model, storedId(this.model, id), new Date()]);
    }

    async destroy(id: string): Promise<void> {
      if (impossibleId(id)) return;
      await db.query(OAUTH_SQL.destroy, [this.model, storedId(this.model, id)]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await revokeGrantRecords(db, grantId);
    }
  };
}

/** Every record of a grant (its tokens, codes and the grant itself): disconnecting an agent. */
export async function revokeGrantRecords(db: Queryable, grantId: string): Promise<void> {
  await db.query(OAUTH_SQL.revokeByGrantId, [grantId]);
}

/** Deletes records past their expiry (the worker's sweep). */
export async function sweepOAuthRecords(store: Store, now: Date = new Date()): Promise<number> {
  return (await store.query(OAUTH_SQL.sweepExpired, [now])).rowCount ?? 0;
}
