export { MaintenanceMessage, maintenanceTexts, maintenanceWindowText, formatMaintenanceTime, MAINTENANCE_TEXT } from './maintenance.tsx';
