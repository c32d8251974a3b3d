// Who uses TV and radio at all (generator 1.5.0, `internet_conjunta`): one flag per person and
// medium, drawn once by the builder, so a person's habit holds over a whole campaign. The daily
// use of the reception model (src/models/recepcao/media-habits.ts) falls on these users only, so a campaign
// reaches in one day the daily users and over many days about the share of users. Independent of
// every attribute: the data here publish no gradient of either share (assumption).

/** 95% watch TV (Pesquisa Brasileira de Mídia 2015, fieldwork Nov 2014, persons 16+). */
export const TV_USUARIOS_PBM = 0.95;
/**
 * 83% listened to the radio in the last 30 days (Kantar IBOPE Media, Inside Radio 2022, 13
 * metropolitan markets): applied to everyone, metropolitan or not (assumption).
 */
export const RADIO_USUARIOS_KANTAR = 0.83;
