import { addNamespace } from '~/lib/i18n';
import en from './en/app.json';
import ru from './ru/app.json';

addNamespace('app', { en, ru });
