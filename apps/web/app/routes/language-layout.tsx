import { Link, Outlet, useParams } from 'react-router';

export default function LanguageLayout() {
  const { lng } = useParams();
  return (
    <>
      <header data-testid="site-header">
        <Link to={`/${lng}/`}>Betsite</Link>
        <nav>
          <Link to={`/${lng}/line`}>Sports</Link> <Link to={`/${lng}/live`}>Live</Link>
        </nav>
      </header>
      <Outlet />
      <footer data-testid="site-footer">© Betsite</footer>
    </>
  );
}
