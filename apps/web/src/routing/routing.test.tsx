import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from '.';

const Where = () => {
  const { pathname, search, hash } = useLocation();
  return <output aria-label="where">{`${pathname}|${search}|${hash}`}</output>;
};

const Query = () => {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <output aria-label="q">{params.get('q')}</output>
      <button onClick={() => setParams((current) => ({ q: `${current.get('q') ?? ''}b` }), { replace: true })}>
        more
      </button>
    </>
  );
};

const Service = () => <output aria-label="id">{useParams().id}</output>;

const GoHome = () => {
  const navigate = useNavigate();
  return <button onClick={() => navigate('/?from=button')}>home</button>;
};

const routes = (
  <Routes>
    <Route path="/sc/service/:id">
      <Service />
    </Route>
    <Route path="/old">
      <Navigate to="/sc/service/7" replace />
    </Route>
    <Route path="/">
      <Link to="/sc/service/9">nine</Link>
    </Route>
    <Route path="*">not found</Route>
  </Routes>
);

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Where />
      <Query />
      <GoHome />
      {routes}
    </MemoryRouter>,
  );

const where = () => screen.getByRole('status', { name: 'where' }).textContent;

describe('routing module', () => {
  it('reads pathname and query as in the address bar, and the query values decoded once', () => {
    at('/sc/service/42?q=%2541&r=a%20b');
    expect(where()).toBe('/sc/service/42|?q=%2541&r=a%20b|');
    expect(screen.getByRole('status', { name: 'q' })).toHaveTextContent('%41');
    expect(screen.getByRole('status', { name: 'id' })).toHaveTextContent('42');
  });

  it('sets the query on the same path, from the current one', () => {
    at('/sc/service/42?q=a');
    fireEvent.click(screen.getByRole('button', { name: 'more' }));
    expect(where()).toBe('/sc/service/42|?q=ab|');
    expect(screen.getByRole('status', { name: 'q' })).toHaveTextContent('ab');
  });

  it('follows links, navigate and redirects; the first matching route wins, the catch-all last', () => {
    at('/old');
    expect(where()).toBe('/sc/service/7||');
    fireEvent.click(screen.getByRole('button', { name: 'home' }));
    expect(where()).toBe('/|?from=button|');
    fireEvent.click(screen.getByRole('link', { name: 'nine' }));
    expect(where()).toBe('/sc/service/9||');
  });

  it('shows the catch-all for any other path', () => {
    at('/no/such/page');
    expect(screen.getByText('not found')).toBeInTheDocument();
  });

  it('follows the address bar under the BrowserRouter, hash included', () => {
    window.history.replaceState(null, '', '/start?x=1');
    render(
      <BrowserRouter>
        <Where />
      </BrowserRouter>,
    );
    expect(where()).toBe('/start|?x=1|');
    act(() => window.history.pushState(null, '', '/next#part'));
    expect(where()).toBe('/next||#part');
    act(() => window.history.replaceState(null, '', '/'));
  });
});
