import { rules } from '../../src/rules.js';
import { loadCatalogue } from '@sunset-lint/core';
import { code, jsTester, tsTester, testable } from '../support/rule-tester.js';

const rule = rules['no-lb-notification-email'];

/** What a declared resource's message names instead: its matcher's successor resource. */
const successorOf = (id: string, className: string) =>
  loadCatalogue()
    .byId.get(id)!
    .match.resources!.find((resource) => resource.pulumi === className || resource.cdktf === className)!
    .replacement!.replace(/[.\s]+$/, '');

tsTester.run('no-lb-notification-email (TypeScript)', testable(rule), {
  valid: [
    // A customer's notification address is not a pool's.
    'export const contact = (customer: { notification_email: string }) => customer.notification_email;',
    "export const pool = { name: 'eu-primary', origins: [{ name: 'a', address: '192.0.2.1', enabled: true }], monitor: 'm1' };",
  ],
  invalid: [
    {
      // Moved to the notification service: nothing mechanical to rewrite, so no fix.
      code: code`
        export const pool = {
          name: 'eu-primary',
          origins: [{ name: 'a', address: '192.0.2.1', enabled: true }],
          notification_email: 'noc@example.com',
        };
      `,
      output: null,
      errors: [{ messageId: 'finding:lb-notification-email-field', line: 4, column: 3 }],
    },
    {
      code: 'export const alerts = (pool: { notification_email?: string }) => pool.notification_email?.split(",");',
      errors: [{ messageId: 'finding:lb-notification-email-field', line: 1 }],
    },
    {
      // A request described by an object (RTK Query's query()): its body sent to a pool.
      code: code`
        export const query = ({ accountId, id, emails }: { accountId: string; id: string; emails: string[] }) => ({
          url: \`accounts/\${accountId}/load_balancers/pools/\${id}\`,
          method: 'PATCH',
          body: { notification_email: emails.join(',') },
        });
      `,
      output: null,
      errors: [{ messageId: 'finding:lb-notification-email-field', line: 4 }],
    },
    {
      // superagent: the body is the chained send's.
      code: code`
        export const alerts = (edge: any, pool: string, emails: string[]) =>
          edge.patch(\`/accounts/a1/load_balancers/pools/\${pool}\`).set('X-Req', '1').send({ notification_email: emails.join(',') });
      `,
      output: null,
      errors: [{ messageId: 'finding:lb-notification-email-field', line: 2 }],
    },
  ],
});

jsTester.run('no-lb-notification-email (JavaScript)', testable(rule), {
  valid: ['export const email = (user) => user.notification_email;'],
  invalid: [
    {
      // JSX in a .jsx file.
      code: 'export const Row = ({ pool }) => <td>{pool.notification_email}</td>;',
      filename: 'PoolRow.jsx',
      languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
      errors: [{ messageId: 'finding:lb-notification-email-field', line: 1 }],
    },
  ],
});

tsTester.run('no-lb-notification-email (declared IaC resources)', testable(rule), {
  valid: [
    "import * as cloudflare from '@pulumi/cloudflare';\nnew cloudflare.Healthcheck('api', { zoneId: 'z', name: 'api', address: 'a', notificationEmailAddresses: ['ops@example.com'] });",
  ],
  invalid: [
    {
      code: code`
        import { loadBalancerPool } from '@cdktf/provider-cloudflare';
        export const declare = (stack: never) =>
          new loadBalancerPool.LoadBalancerPool(stack, 'pool', { accountId: 'a', name: 'p', origins: [], notificationEmail: 'noc@example.com' });
      `,
      output: null,
      errors: [
        {
          messageId: 'finding:lb-notification-email-field',
          line: 3,
          data: {
            message: `\`notificationEmail\` in the CDK for Terraform resource \`LoadBalancerPool\` (Load balancing \`notification_email\` field) reached end of life on 2023-04-03 (ended 3 years ago). Use instead: ${successorOf('lb-notification-email-field', 'LoadBalancerPool')}.`,
            entryId: 'lb-notification-email-field',
          },
        },
      ],
    },
  ],
});
