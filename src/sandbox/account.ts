// The demo account the sandbox serves when it stands in for the service in front of a person
// (`npm start`, "Start Local Sandbox", `scan-targets sandbox`): the targets of the repository's
// examples, under the names and addresses the examples give them, so that a bulk update of an
// example succeeds as it would on a real account. The seeded targets beside them get names of
// the same kind.

/** A target of the demo account: its id, and the name and address it was created with. */
export interface AccountTarget {
  readonly id: string;
  readonly name: string;
  readonly url: string;
}

/** The targets the files in examples/ update (a test checks every example id is here, but the one marked unknown). */
export const EXAMPLE_TARGETS: readonly AccountTarget[] = [
  { id: '3Sy7TyNMnQ8x', name: 'Shop (staging)', url: 'https://staging.shop.example' },
  { id: '4Hk2QpZr9WbT', name: 'Shop admin (staging)', url: 'https://admin.staging.shop.example' },
  { id: '7Qm3XcVb2NpL', name: 'Orders API (staging)', url: 'https://api.staging.shop.example' },
  { id: '9Tr5LkWq1ZxC', name: 'Shop (production)', url: 'https://shop.example' },
  { id: '2Bn8HsYe6UfA', name: 'Shop EU (production)', url: 'https://eu.shop.example' },
  { id: '5Jd4RgNv8MkS', name: 'Orders API (production)', url: 'https://api.shop.example' },
  { id: 'Kp4Wd9Lm2XsQ', name: 'Customer portal (staging)', url: 'https://portal.staging.shop.example' },
  { id: 'Ht6Rz1Nc8VbE', name: 'Customer portal (production)', url: 'https://portal.shop.example' },
  { id: 'Fy3Jq7Ua5GmT', name: 'Marketing site', url: 'https://www.shop.example' },
];

const APPLICATIONS = [
  'Checkout',
  'Customer portal',
  'Billing API',
  'Mobile backend',
  'Marketing site',
  'Partner API',
  'Admin console',
  'Search',
  'Payments gateway',
  'Help centre',
];
const ENVIRONMENTS = ['staging', 'production', 'qa', 'eu', 'us'];

/** A plausible name and address for the `index`-th seeded target (0-based), distinct for the first 50. */
export function seededTarget(index: number): { name: string; url: string } {
  const application = APPLICATIONS[index % APPLICATIONS.length]!;
  const environment = ENVIRONMENTS[Math.floor(index / APPLICATIONS.length) % ENVIRONMENTS.length]!;
  const round = Math.floor(index / (APPLICATIONS.length * ENVIRONMENTS.length));
  const host = application.toLowerCase().replace(/[^a-z]+/g, '-');
  const suffix = round > 0 ? ` ${round + 1}` : '';
  return { name: `${application} (${environment})${suffix}`, url: `https://${host}${round > 0 ? `-${round + 1}` : ''}.${environment}.example.com` };
}
