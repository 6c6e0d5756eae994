/**
 * Public holidays (spec 03 §7): list, export, sync, import and the one-holiday calls, each one
 * named handler in `handlers/`, served by the kit from the contract's table (issue 28 item 2).
 */
import { ICS_MAX } from '@venue/contracts/catalogue';
import { serveOperations, type AppRouter } from '@venue/service-kit';
import { catalogueTable } from '../shared/common.ts';
import { deleteHoliday, postHoliday, putHoliday } from './handlers/edit-holiday.ts';
import { exportHolidays, getHoliday, listHolidays } from './handlers/list-holidays.ts';
import { importHolidays, syncStateHolidays } from './handlers/sync-import.ts';

// app.ts lifts the kit's text ceiling for an imported ICS file (at most ICS_MAX).
export { ICS_MAX };

export function holidayRoutes(router: AppRouter): void {
  serveOperations(router, catalogueTable(/^\/api\/holidays/), [
    listHolidays,
    exportHolidays,
    syncStateHolidays,
    importHolidays,
    getHoliday,
    postHoliday,
    putHoliday,
    deleteHoliday,
  ]);
}
