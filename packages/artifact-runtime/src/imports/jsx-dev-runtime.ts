import { Fragment, jsx, jsxs } from 'react/jsx-runtime';

/** `jsxDEV` takes the production call's first three arguments (the rest is debugging data). */
export const jsxDEV = (
  type: Parameters<typeof jsx>[0],
  props: Parameters<typeof jsx>[1],
  key?: Parameters<typeof jsx>[2],
) => jsx(type, props, key);
export { Fragment, jsx, jsxs };
