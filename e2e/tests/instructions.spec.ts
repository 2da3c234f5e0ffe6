import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, visit } from '../fixtures.js';
import { loggedIn } from '../login.js';

/** The PDF behind a link: served by the built web app, a real PDF, not the app shell. */
const expectPdf = async (page: Page, href: string | null) => {
  expect(href).not.toBeNull();
  const answer = await page.request.get(href!);
  expect(answer.status(), href!).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  expect((await answer.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
};

test('a visitor opens the service portfolio instructions from home, in English and German, with their PDFs, and the contact database instructions with both of theirs', async ({
  page,
}) => {
  await visit(page, '/');
  const instructions = page.getByRole('region', { name: 'Instructions' });
  await instructions.getByRole('link', { name: 'Instructions: Service Portfolio', exact: true }).click();
  await expect(page).toHaveURL('/instructions/service-portfolio');
  await expect(page.getByRole('heading', { level: 1, name: 'Instructions: Service Portfolio' })).toBeVisible();
  await expect(page).toHaveTitle('Instructions: Service Portfolio');
  await expect(page.getByRole('heading', { level: 2, name: '2. Apply for a new service' })).toBeVisible();
  await expectAccessible(page);

  const pdf = page.getByRole('main').getByRole('link', { name: /These instructions as PDF/ });
  await expect(pdf).toHaveAttribute('href', '/static/instructions/service-portfolio.pdf');
  await expect(pdf).toHaveAttribute('target', '_blank');
  await expectPdf(page, await pdf.getAttribute('href'));

  await page.getByRole('button', { name: 'DE', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Anleitung: Serviceportfolio' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '2. Einen neuen Service beantragen' })).toBeVisible();
  const germanPdf = page.getByRole('main').getByRole('link', { name: /Diese Anleitung als PDF/ });
  await expect(germanPdf).toHaveAttribute('href', '/static/instructions/service-portfolio.de.pdf');
  await expectPdf(page, await germanPdf.getAttribute('href'));
  await expectAccessible(page);
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Instructions: Service Portfolio' })).toBeVisible();

  // The contact database's instructions are there for everyone too (a test of its own before, docs/testing.md).
  await visit(page, '/instructions/contact-database');
  await expect(page.getByRole('heading', { level: 1, name: 'Instructions: Contact Database' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '3. Contact details' })).toBeVisible();
  for (const href of ['/static/instructions/contact-database.pdf', '/static/instructions/contact-database.de.pdf'])
    await expectPdf(page, href);
});

test('alice reaches the instructions page and the PDF from the Service Portfolio menu', async ({ page }) => {
  await loggedIn(page, 'alice');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'Service Portfolio', exact: true }).click();
  const pdf = page.getByRole('menuitem', { name: /Instruction \(PDF\)/ });
  await expect(pdf).toHaveAttribute('target', '_blank');
  await expectPdf(page, await pdf.getAttribute('href'));
  await page.getByRole('menuitem', { name: 'Instruction', exact: true }).click();
  await expect(page).toHaveURL('/instructions/service-portfolio');
  await expect(page.getByRole('heading', { level: 1, name: 'Instructions: Service Portfolio' })).toBeVisible();
  await expectAccessible(page);
});
