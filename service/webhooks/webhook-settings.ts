// The address policy of this process's webhook sends, from the environment. Loopback receivers
// are for local development only: CAMPAIGN_SIM_WEBHOOK_ALLOW_LOOPBACK=1 allows them, said loudly
// in the log, and is refused outright under NODE_ENV=production.
import { PUBLIC_ONLY, type AddressPolicy } from './address-policy.js';

export const ALLOW_LOOPBACK_ENV = 'CAMPAIGN_SIM_WEBHOOK_ALLOW_LOOPBACK';

export function webhookPolicyFromEnv(env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): AddressPolicy {
  if (env[ALLOW_LOOPBACK_ENV] !== '1') return PUBLIC_ONLY;
  if (env.NODE_ENV === 'production') {
    throw new Error(`${ALLOW_LOOPBACK_ENV}=1 is refused with NODE_ENV=production: webhooks reach public https addresses only`);
  }
  log(`WARNING: ${ALLOW_LOOPBACK_ENV}=1: webhooks may be sent to loopback addresses (127.0.0.0/8, ::1). For local development only.`);
  return { allowLoopback: true };
}
