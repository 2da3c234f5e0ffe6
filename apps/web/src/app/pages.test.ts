import { ROUTES } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { routesWithScreen } from './pages';

describe('built screens', () => {
  it('are exactly the routes the domain marks hasScreen, so menus offer no placeholder', () => {
    const marked = ROUTES.filter((route) => route.hasScreen).map((route) => route.id);
    expect([...routesWithScreen()].sort()).toEqual([...marked].sort());
  });
});
