/** Rotated refresh tokens kept by the integration, on the embedded database (rotated-refresh-token.cases.ts). */
import { describe } from 'vitest';
import { embeddedStorage, useService } from '../helpers/service-fixture.js';
import { describeRotatedRefreshTokens } from './rotated-refresh-token.cases.js';

const fixture = useService(embeddedStorage('rotated-refresh'));
describe('refresh tokens a target rotates (embedded)', () => describeRotatedRefreshTokens(fixture));
