import type { Config } from '@react-router/dev/config';

// The default template's settings: server rendering on, nothing prerendered.
export default { ssr: true } satisfies Config;
