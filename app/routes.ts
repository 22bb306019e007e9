import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/dashboard.tsx'),
  route('category', 'routes/category-list.tsx'),
  route('category/:catId/:catName', 'routes/subcategory-list.tsx'),
  route('ui-collection', 'routes/ui-collection.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
