// `campaign-sim admin webhook ...`: a project's webhook (docs/webhooks.md) until the console's
// project page sets it: set (prints the signing secret once), rotate-secret, remove, test (a
// ping), deliveries (the latest, with state, body and the receiver's answer), resend (one of them,
// again now). Thin over the account
// actions (service/operations/account-actions.ts); the URL is checked with this process's address policy.
import type { Command } from 'commander';
import { withStore, type StoreFlags } from './admin-store.js';

export function registerAdminWebhook(admin: Command, flags: () => StoreFlags): void {
  const webhook = admin.command('webhook').description('the webhook of a project (one per project; https and public addresses only)')
    .addHelpText('after', '\nDeliveries are sent by the worker (campaign-sim serve or campaign-sim worker) and signed with\nSvc-Webhook-Signature: v1=<hex HMAC-SHA256 of "<timestamp>.<body>">; see docs/webhooks.md.');
  webhook.command('set <projectId> <url>').description('set (or replace) the webhook; prints the signing secret, shown only this once')
    .action((projectId: string, url: string) => withStore(flags(), async (s, a) => {
      const { webhookPolicyFromEnv } = await import('../service/webhooks/webhook-settings.js');
      return a.setWebhook.run(s, { projectId, url, policy: webhookPolicyFromEnv() });
    }));
  webhook.command('rotate-secret <projectId>').description('a new signing secret, shown once; it signs every later delivery at once')
    .action((projectId: string) => withStore(flags(), (s, a) => a.rotateWebhookSecret.run(s, { projectId })));
  webhook.command('remove <projectId>').description('remove the webhook: no more notices, and queued deliveries are discarded')
    .action((projectId: string) => withStore(flags(), (s, a) => a.removeWebhook.run(s, { projectId })));
  webhook.command('test <projectId>').description('queue a ping delivery (the worker sends it)')
    .action((projectId: string) => withStore(flags(), (s, a) => a.sendTestPing.run(s, { projectId })));
  webhook.command('deliveries <projectId>').description('the latest deliveries (at most 50), newest first')
    .action((projectId: string) => withStore(flags(), (s, a) => a.listWebhookDeliveries.run(s, { projectId })));
  webhook.command('resend <projectId> <deliveryId>').description('send a delivery again now, with its id and body (a receiver that has it ignores it)')
    .action((projectId: string, deliveryId: string) => withStore(flags(), (s, a) => a.resendWebhookDelivery.run(s, { projectId, deliveryId })));
}
