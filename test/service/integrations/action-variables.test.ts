/** A custom action's declared variables checked as data (issue 23 point 6): typed values, or every problem named. */
import { expect, it } from 'vitest';
import { checkVariables, type ActionVariable } from '../../../src/service/integrations/action-variables.js';

const DECLARED: ActionVariable[] = [
  { name: 'assetTag', label: 'Asset tag', type: 'string', required: true },
  { name: 'quantity', label: 'How many', type: 'number', required: false },
  { name: 'urgent', label: 'urgent', type: 'boolean', required: false },
];

const CASES: { given: Record<string, unknown>; want: ReturnType<typeof checkVariables> }[] = [
  { given: { assetTag: 'A-1' }, want: { vars: { assetTag: 'A-1' }, problems: [] } },
  { given: { assetTag: 'A-1', quantity: '12', urgent: 'false' }, want: { vars: { assetTag: 'A-1', quantity: 12, urgent: false }, problems: [] } },
  { given: { assetTag: 'A-1', quantity: 2.5, urgent: true }, want: { vars: { assetTag: 'A-1', quantity: 2.5, urgent: true }, problems: [] } },
  { given: { assetTag: 'A-1', quantity: '' }, want: { vars: { assetTag: 'A-1' }, problems: [] } },
  { given: {}, want: { vars: {}, problems: [{ name: 'assetTag', problem: 'is required (Asset tag)' }] } },
  { given: { assetTag: '   ' }, want: { vars: {}, problems: [{ name: 'assetTag', problem: 'is required (Asset tag)' }] } },
  {
    given: { assetTag: 7, quantity: 'many', urgent: 'yes', colour: 'red' },
    want: {
      vars: {},
      problems: [
        { name: 'colour', problem: 'is not a variable of this action' },
        { name: 'assetTag', problem: 'must be text (Asset tag)' },
        { name: 'quantity', problem: 'must be a number (How many)' },
        { name: 'urgent', problem: 'must be true or false (urgent)' },
      ],
    },
  },
  {
    given: { assetTag: 'A', quantity: 'Infinity' },
    want: { vars: { assetTag: 'A' }, problems: [{ name: 'quantity', problem: 'must be a number (How many)' }] },
  },
];

it.each(CASES)('checks $given', ({ given, want }) => {
  expect(checkVariables(DECLARED, given)).toEqual(want);
});
