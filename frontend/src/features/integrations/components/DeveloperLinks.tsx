import Button from '@mui/material/Button';
import MenuBookRoundedIcon from '#icons/MenuBookRounded';
import DataObjectRoundedIcon from '#icons/DataObjectRounded';
import { useTranslation } from 'react-i18next';
import { DEVELOPERS_PATH } from '#shared/static-pages';

/** The public API's OpenAPI document (functions/routes.ts get-openapi). */
export const OPENAPI_DOCUMENT_URL = '/api/v1/openapi.json';

/**
 * The API reference (/developers, a page of its own outside the app: plain links, not the router's)
 * and the OpenAPI document it is rendered from.
 */
export function DeveloperLinks() {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="outlined" size="small" href={DEVELOPERS_PATH} startIcon={<MenuBookRoundedIcon />}>
        {t('integrations.links.reference')}
      </Button>
      <Button variant="text" size="small" href={OPENAPI_DOCUMENT_URL} target="_blank" rel="noopener" startIcon={<DataObjectRoundedIcon />}>
        {t('integrations.links.openapi')}
      </Button>
    </>
  );
}
