/**
 * Deterministic people for the fake targets of the build-your-own examples.
 */
export interface FakePerson {
  id: string;
  email: string;
  name: string;
}

export function makePeople(count: number, prefix = 'user'): FakePerson[] {
  return Array.from({ length: count }, (_, index) => {
    const number = String(index + 1).padStart(3, '0');
    return { id: `${prefix}-${number}`, email: `${prefix}${number}@example.com`, name: `Person ${number}` };
  });
}
