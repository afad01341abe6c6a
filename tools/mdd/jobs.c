/* SPDX-License-Identifier: Apache-2.0 */
/* mdd jobs: a variant's single-ECU jobs with their parameters. */
#include "facts.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>

static void print_params(const char *label, mdd_job_param_vec params)
{
    uint32_t n = mdd_job_param_vec_count(params);
    if (n == 0)
        return;
    printf("  %s:", label);
    for (uint32_t i = 0; i < n; i++) {
        mdd_job_param p = mdd_job_param_vec_at(params, i);
        fputc(' ', stdout);
        text_print(stdout, mdd_job_param_short_name(p));
        mdd_bytes def = mdd_job_param_physical_default_value(p);
        if (def.ptr) {
            fputc('=', stdout);
            text_print(stdout, def);
        }
    }
    fputc('\n', stdout);
}

static void print_job(mdd_single_ecu_job job)
{
    text_print(stdout, mdd_diag_comm_short_name(mdd_single_ecu_job_diag_comm(job)));
    fputc('\n', stdout);
    print_params("in", mdd_single_ecu_job_input_params(job));
    print_params("out", mdd_single_ecu_job_output_params(job));
    print_params("neg_out", mdd_single_ecu_job_neg_output_params(job));
}

static mdd_status print_text(const mdd_db_layer *layer, mdd_error *err)
{
    mdd_single_ecu_job *jobs;
    uint32_t total;
    mdd_status st = facts_jobs(layer, &jobs, &total, err);
    for (uint32_t i = 0; i < total && st == MDD_OK; i++)
        print_job(jobs[i]);
    free(jobs);
    return st;
}

static mdd_status print_json(const mdd_db_layer *layer, mdd_error *err)
{
    json_writer j;
    json_init(&j, stdout);
    json_object_begin(&j);
    json_key(&j, "variant");
    json_optional_string(&j, mdd_db_layer_name(layer));
    json_key(&j, "jobs");
    mdd_status st = facts_jobs_json(&j, layer, err);
    json_object_end(&j);
    json_end_line(&j);
    return st;
}

static int answer(const char *path, const facts_args *a, const mdd_db_layer *layer)
{
    mdd_error err = {0};
    mdd_status st = a->db.json ? print_json(layer, &err) : print_text(layer, &err);
    return facts_query_exit(path, st, &err);
}

static int run(int argc, char **argv) { return facts_run(argc, argv, &cli_jobs_command, answer); }

static const cli_option option_table[] = {
    CLI_INCLUDE(cli_db_ecu_options),
    CLI_INCLUDE(cli_db_variant_options),
    CLI_JSON_OPTION("print one JSON object instead: {\"variant\", \"jobs\": [{\"name\", "
                    "\"semantic\", \"input_params\", \"output_params\", \"neg_output_params\"}]}, a "
                    "parameter being {\"name\", \"semantic\", \"default\"}"),
    CLI_INCLUDE(cli_db_load_options),
    CLI_OPTIONS_END,
};

const cli_command cli_jobs_command = {
    .name = "jobs",
    .summary = "List a variant's single-ECU jobs with their parameters",
    .synopsis = "[--ecu E] [--variant V] [--json] [--strategy S] [--cache-budget BYTES]\n"
                "    [--skip-invalid] [--trust DIR [--require-signature]] FILE",
    .help = "Prints the effective single-ECU jobs of a variant of FILE (its own, then its\n"
            "parents' that no parent reference lists as not inherited, the nearest of each\n"
            "name winning): each job's name, then its input, output and negative output\n"
            "parameters on `  in:`, `  out:` and `  neg_out:` lines (left out when empty),\n"
            "each parameter's name followed by `=DEFAULT` when it has a default value.\n",
    .options = option_table,
    .run = run,
};
