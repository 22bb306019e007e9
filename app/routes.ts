import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/dashboard.tsx'),
  route('category', 'routes/category-list.tsx'),
  route('category/:catId/:catName', 'routes/subcategory-list.tsx'),
  route('deal', 'routes/deal-list.tsx'),
  route('blog', 'routes/blog-list.tsx'),
  route('blog/:blogId', 'routes/blog-detail.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('about', 'routes/about.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('safety', 'routes/safety.tsx'),
  route('ui-collection', 'routes/ui-collection.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
