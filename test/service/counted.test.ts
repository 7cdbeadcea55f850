/** The plurals of review and mover messages: one place (src/service/counted.ts), and the pages and report that use it. */
import { describe, expect, it } from 'vitest';
import { reviewView } from '../../src/service/console/views/reviews-view.js';
import { counted } from '../../src/service/counted.js';
import { reviewReportBody } from '../../src/service/reviews/review-report-html.js';
import type { Campaign } from '../../src/service/reviews/review-view.js';

describe('counted', () => {
  const cases: { given: [number, string, string?]; want: string }[] = [
    { given: [0, 'item'], want: '0 items' },
    { given: [1, 'item'], want: '1 item' },
    { given: [2, 'item'], want: '2 items' },
    { given: [1, 'person', 'people'], want: '1 person' },
    { given: [3, 'person', 'people'], want: '3 people' },
    { given: [1, 'undecided item'], want: '1 undecided item' },
  ];
  for (const { given, want } of cases) it(`${given.join(', ')} → ${want}`, () => expect(counted(...given)).toBe(want));
});

describe('review wording with one of a kind', () => {
  const campaign = (items: number, decided: number): Campaign => ({
    id: 'c1',
    tenantId: 't1',
    name: 'Q1',
    integrationIds: ['i1'],
    withoutIntegrationIds: [],
    waitingFor: [],
    dueAt: '2020-01-31T00:00:00.000Z',
    overdue: true,
    reviewers: [{ reviewer: 'carol', integrationId: null }],
    status: 'open',
    createdBy: 'admin',
    createdAt: '2020-01-01T00:00:00.000Z',
    startedAt: '2020-01-02T00:00:00.000Z',
    closedAt: null,
    closedBy: null,
    progress: { items, decided, kept: decided, revoked: 0, linked: 0, removed: 0, confirmed: 0, flagged: 0 },
  });
  const page = (items: number, decided: number) =>
    reviewView({ campaign: campaign(items, decided), items: [], people: [], integrations: [], admin: true, scope: undefined, csrf: 'x' }).html;

  it('the overdue reminder says "1 item is" and "2 items are"', () => {
    expect(page(3, 2)).toContain('This campaign is past its due date: 1 item is still undecided.');
    expect(page(3, 1)).toContain('This campaign is past its due date: 2 items are still undecided.');
  });

  it('the report says "1 item" and "1 integration"', () => {
    const body = reviewReportBody({ campaign: campaign(1, 0), items: [], generatedAt: '2020-02-01T00:00:00.000Z' }).html;
    expect(body).toContain('<dt>Scope</dt><dd>1 integration</dd>');
    expect(body).toContain('<dt>Progress</dt><dd>1 item: 0 decided');
  });
});
