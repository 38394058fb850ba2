import { addNamespace } from '~/lib/i18n';
import en from './en/auth.json';
import ru from './ru/auth.json';

addNamespace('auth', { en, ru });
