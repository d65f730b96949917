/**
 * A catalogue entry added through settings, scheduled for 2027 (by-grade-sample.js calls it):
 * scheduled on the tests' date, expired once the date passes its end of life.
 */
export const NEXT_YEAR_ENTRY = {
  id: 'zone-setting-next',
  title: 'Next setting',
  area: 'Zone settings',
  eol: '2027-01-10',
  rule: 'no-deprecated-endpoint',
  replacement: 'The new setting',
  docs: 'https://example.com',
  match: { endpoints: [{ methods: ['GET'], path: '/zones/:zone_id/settings/next_thing' }] },
};
