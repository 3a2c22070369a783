// Unit-test setup: unmount rendered components after each test so tests never see each other's DOM.
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => cleanup());
