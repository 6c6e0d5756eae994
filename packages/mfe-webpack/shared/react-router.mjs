// The router as the shell shares it: only the exports the frontends use, from react-router's
// production build. A shared module is never tree-shaken (a consumer may ask for any export),
// so sharing the package itself sent the whole router, data APIs and all (63 kB gzipped), to
// every sign-in page. The build fails (FacadeImportsCheck in index.cjs) when a frontend imports a name missing here.
export {
  BrowserRouter,
  Link,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
} from '@venue/mfe-webpack/real-react-router';
