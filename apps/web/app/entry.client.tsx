import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { addFirstPageDictionaries } from './i18n/fetch-dictionaries.ts';

// The page's texts come as files its head preloads (decision 0037): hydrating before they are in
// the translator would render keys where the server rendered text.
void addFirstPageDictionaries(document).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
