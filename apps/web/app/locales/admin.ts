import { addNamespace } from '~/lib/i18n';
import en from './en/admin.json';
import ru from './ru/admin.json';

addNamespace('admin', { en, ru });
