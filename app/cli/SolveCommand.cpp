// `solve`: one impact problem in, one result (or one per law) out.
#include "cli/Args.h"
#include "cli/CliIo.h"
#include "cli/Commands.h"
#include "cli/SceneKinds.h"
#include "io/ContactSpaceJson.h"
#include "io/JsonInput.h"
#include "io/ResultJson.h"
#include "laws/LawRegistry.h"
#include "laws/ProblemJson.h"
#include "scene/SceneDocument.h"

namespace impactlab::cli {

namespace {

// Several contacts: the law's contact-space solver, or its single-contact
// one through the nc = 1 conversion.
nlohmann::ordered_json solveContactsWithLaw(const ContactSpaceProblem& problem, const LawRequest& request,
                                            bool withTrace) {
    ContactSpaceTrace trace;
    const ContactSpaceResult result =
        solveContactSpace(*request.law, problem, request.options, withTrace ? &trace : nullptr);
    return contactSpaceResultToJson(problem, result, withTrace ? &trace : nullptr);
}

nlohmann::ordered_json solveWithLaw(const SolveRequest& solve, const LawRequest& request, bool withTrace) {
    if (solve.contactSpace) return solveContactsWithLaw(*solve.contactSpace, request, withTrace);
    const ImpactProblem& problem = solve.problem;
    ImpactTrace trace;
    ImpactResult result = request.law->solve(problem, request.options, withTrace ? &trace : nullptr);
    if (result.model.empty()) result.model = request.law->id;
    return resultToJson(problem, result, withTrace ? &trace : nullptr);
}

int runSolve(const std::vector<std::string>& args, Streams& io) {
    const ParsedArgs parsed = parseArgs(args, {{"--model", true}, {"--trace", false}}, "solve");
    if (parsed.positionals.size() > 1)
        throw UsageError("solve reads one problem, got " + std::to_string(parsed.positionals.size()) +
                         " files");
    const std::string path = parsed.positionals.empty() ? "-" : parsed.positionals.front();
    const bool withTrace = parsed.has("--trace");

    const std::string text = readInputText(path, io.in);
    const nlohmann::json document = parseJsonText(text, getSourceName(path));
    // A scene document of any kind: its impacts, as the app solves them.
    if (document.is_object() && document.contains("format") && document["format"].is_string() &&
        document["format"].get<std::string>().find("scene") != std::string::npos) {
        // A problem under a scene's format id is a misspelt format, not a scene.
        for (const char* key : {"model", "models", "contact_level", "A", "W"})
            if (document.contains(key))
                throw InputError("format", std::string("names a scene, but the document is an impact problem (it has \"") +
                                               key + "\"): use \"" + kProblemFormat + "\"");
        writeJson(solveSceneDocument(toUnifiedSceneDocument(document), parsed.value("--model"), withTrace), io.out);
        return kExitOk;
    }
    const SolveRequest request = parseSolveRequest(document, parsed.value("--model"), "--model");

    // Everything is solved before anything is printed: a law rejecting its
    // options half-way through a comparison leaves stdout empty.
    nlohmann::ordered_json output;
    if (request.comparison) {
        output["format"] = kResultFormat;
        output["results"] = nlohmann::ordered_json::array();
        for (const LawRequest& law : request.laws)
            output["results"].push_back(solveWithLaw(request, law, withTrace));
    } else {
        output = solveWithLaw(request, request.laws.front(), withTrace);
    }
    writeJson(output, io.out);
    return kExitOk;
}

}  // namespace

Command makeSolveCommand() {
    Command c;
    c.name = "solve";
    c.synopsis = "solve [FILE|-] [--model ID] [--trace]";
    c.summary = "solve an impact problem (JSON) and print the result (JSON)";
    c.help =
        "Reads the problem from FILE, or from standard input when FILE is '-' or absent.\n\n"
        "  --model ID   use law ID instead of the problem's \"model\" / \"models\"\n"
        "               (one result; '" + std::string(kProgramName) + " models' lists the ids)\n"
        "  --trace      add \"trace\": the impulse path sampled along the normal impulse\n\n"
        "A problem with \"models\": [...] prints {\"format\", \"results\": [one result per law]}.\n"
        "FILE may also be a scene (docs/scene-format.md): an impact or plus scene prints the result\n"
        "of its impact; a simulated scene prints {\"results\": [...]}, one per impact of its run.\n"
        "A law that stops at its iteration limit still prints its result, with \"status\"\n"
        "and a warning; bad input exits 1 with one line on stderr.\n";
    c.run = runSolve;
    return c;
}

}  // namespace impactlab::cli
