import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  // The framework floor of the server bench: the site's captured pages (decision 055).
  route('*', 'routes/floor.tsx'),
] satisfies RouteConfig;
