// `tosses`: measured tosses of a box in, fitted parameters, predicted
// trajectories and scores out (docs/experiment-format.md, docs/experiments.md).
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/Args.h"
#include "cli/CliIo.h"
#include "cli/Commands.h"
#include "experiment/TossFit.h"
#include "experiment/TossJson.h"
#include "io/JsonInput.h"
#include "laws/LawRegistry.h"
#include "mechanics/InputLimits.h"

namespace impactlab::cli {

namespace {

using ojson = nlohmann::ordered_json;

constexpr int kMaxThreadsFlag = 256;
constexpr int kMaxFoldsFlag = 20;
// Points per parameter of either grid (--grid): 50 x 50 sets is already 2500 runs of every toss.
constexpr int kMaxGridPointsFlag = 50;
// Progress lines on stderr: about this many per fit.
constexpr int kProgressLines = 20;
// Digits of the predicted poses in the CSV (below the data's own precision of 1 um and 1e-7).
constexpr int kPredictionDigits = 9;

int readIntegerFlag(const ParsedArgs& parsed, const std::string& name, int lo, int hi) {
    return static_cast<int>(parseWholeFlag(name, *parsed.value(name), lo, hi));
}

std::string requireFlag(const ParsedArgs& parsed, const std::string& name, const std::string& sub) {
    const std::optional<std::string> v = parsed.value(name);
    if (!v || v->empty()) throw UsageError("tosses " + sub + " needs " + name);
    return *v;
}

TossSet readSet(const std::string& csvPath, const std::string& bodyPath, Streams& io) {
    const TossBody body = readTossBody(parseJsonText(readInputText(bodyPath, io.in), getSourceName(bodyPath)),
                                       getSourceName(bodyPath));
    return readTosses(readInputText(csvPath, io.in), getSourceName(csvPath), body);
}

TossParams readParams(const std::string& path, Streams& io) {
    return readTossParams(parseJsonText(readInputText(path, io.in), getSourceName(path)), getSourceName(path));
}

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ','))
        if (!item.empty()) out.push_back(item);
    if (out.empty()) throw UsageError("--fit needs a list such as friction,restitution");
    return out;
}

std::function<bool(int, int)> makeProgress(const ParsedArgs& parsed, Streams& io, const std::string& what) {
    if (parsed.has("--quiet")) return {};
    auto last = std::make_shared<int>(-1);
    return [&io, what, last](int done, int total) {
        const int step = std::max(1, total / kProgressLines);
        if (done / step != *last / step || done == total) {
            if (done == *last) return true;
            *last = done;
            io.err << kProgramName << ": tosses " << what << ": " << done << " / " << total << " parameter sets\n"
                   << std::flush;
        }
        return true;
    };
}

TossFitOptions readFitOptions(const ParsedArgs& parsed, Streams& io, const std::string& what) {
    TossFitOptions o;
    if (parsed.has("--fit")) o.fit = splitList(*parsed.value("--fit"));
    if (parsed.has("--threads")) o.threads = readIntegerFlag(parsed, "--threads", 1, kMaxThreadsFlag);
    if (parsed.has("--grid")) {
        const std::vector<std::string> sizes = splitList(*parsed.value("--grid"));
        if (sizes.size() != 2) throw UsageError("--grid needs COARSE,FINE, got '" + *parsed.value("--grid") + "'");
        o.coarsePoints = static_cast<int>(parseWholeFlag("--grid", sizes[0], 2, kMaxGridPointsFlag));
        o.finePoints = static_cast<int>(parseWholeFlag("--grid", sizes[1], 2, kMaxGridPointsFlag));
    }
    o.progress = makeProgress(parsed, io, what);
    return o;
}

TossParams makeInitial(const ParsedArgs& parsed, const TossBody& body) {
    TossParams p;
    p.law = parsed.has("--law") ? *parsed.value("--law") : getRecommendedTossLaw();
    getLaw(p.law, "--law");
    p.friction = body.nominalFriction;
    p.restitution = body.nominalRestitution;
    return p;
}

int runFit(const std::vector<std::string>& args, Streams& io) {
    const ParsedArgs parsed = parseArgs(
        args,
        {{"--body", true}, {"--law", true}, {"--fit", true}, {"--grid", true}, {"--out", true}, {"--threads", true}, {"--quiet", false}},
        "tosses fit");
    if (parsed.positionals.size() != 1) throw UsageError("tosses fit reads one tosses CSV");
    const TossSet set = readSet(parsed.positionals.front(), requireFlag(parsed, "--body", "fit"), io);
    const std::string out = requireFlag(parsed, "--out", "fit");
    const TossFitResult fit = fitTosses(set, listAllTosses(set), makeInitial(parsed, set.body), readFitOptions(parsed, io, "fit"));
    writeFileAtomically(out, [&](std::ostream& os) { writeJson(toJson(fit), os); });
    return kExitOk;
}

int runPredict(const std::vector<std::string>& args, Streams& io) {
    const ParsedArgs parsed = parseArgs(args, {{"--params", true}, {"--out", true}, {"--threads", true}}, "tosses predict");
    if (parsed.positionals.size() != 1) throw UsageError("tosses predict reads one start-states JSON");
    const std::string path = parsed.positionals.front();
    const TossStarts starts = readTossStarts(parseJsonText(readInputText(path, io.in), getSourceName(path)), getSourceName(path));
    const TossParams params = readParams(requireFlag(parsed, "--params", "predict"), io);
    const std::string out = requireFlag(parsed, "--out", "predict");
    const int threads = parsed.has("--threads") ? readIntegerFlag(parsed, "--threads", 1, kMaxThreadsFlag) : 0;
    const std::vector<SimulatedToss> runs = predictTosses(starts, params, threads);
    writeFileAtomically(out, [&](std::ostream& os) {
        os << "toss,k,x,y,z,qw,qx,qy,qz\n" << std::setprecision(kPredictionDigits);
        for (std::size_t i = 0; i < runs.size(); ++i) {
            const int id = starts.starts[i].id;
            for (std::size_t k = 0; k < runs[i].samples.size(); ++k) {
                const TossState& s = runs[i].samples[k];
                os << id << ',' << k << ',' << s.position.x() << ',' << s.position.y() << ',' << s.position.z() << ','
                   << s.orientation.w() << ',' << s.orientation.x() << ',' << s.orientation.y() << ','
                   << s.orientation.z() << '\n';
            }
        }
    });
    return kExitOk;
}

int runScore(const std::vector<std::string>& args, Streams& io) {
    const ParsedArgs parsed =
        parseArgs(args, {{"--body", true}, {"--params", true}, {"--threads", true}}, "tosses score");
    if (parsed.positionals.size() != 1) throw UsageError("tosses score reads one tosses CSV");
    const TossSet set = readSet(parsed.positionals.front(), requireFlag(parsed, "--body", "score"), io);
    const TossParams params = readParams(requireFlag(parsed, "--params", "score"), io);
    const int threads = parsed.has("--threads") ? readIntegerFlag(parsed, "--threads", 1, kMaxThreadsFlag) : 0;
    const std::vector<TossError> errors = scoreTosses(set, listAllTosses(set), params, threads);
    ojson doc = {{"format", "impactlab.toss-score/1"}, {"params", toJson(params)}};
    const ojson summary = toJson(summarize(errors));
    for (auto it = summary.begin(); it != summary.end(); ++it) doc[it.key()] = it.value();
    ojson list = ojson::array();
    for (const TossError& e : errors) list.push_back(toJson(e));
    doc["tosses"] = list;
    writeJson(doc, io.out);
    return kExitOk;
}

int runStarts(const std::vector<std::string>& args, Streams& io) {
    const ParsedArgs parsed = parseArgs(args, {{"--body", true}, {"--samples", true}, {"--out", true}}, "tosses starts");
    if (parsed.positionals.size() != 1) throw UsageError("tosses starts reads one tosses CSV");
    const std::string csv = parsed.positionals.front();
    const TossSet set = readSet(csv, requireFlag(parsed, "--body", "starts"), io);
    TossStarts starts;
    starts.body = set.body;
    int longest = 0;
    for (const Toss& t : set.tosses) {
        starts.starts.push_back(findTossStart(t, set.body, getSourceName(csv) + ": toss " + std::to_string(t.id)));
        longest = std::max(longest, static_cast<int>(t.samples.size()) - starts.starts.back().startSample);
    }
    starts.samples = parsed.has("--samples")
                         ? readIntegerFlag(parsed, "--samples", 1, static_cast<int>(limits::kMaxSamplesPerRun))
                         : longest;
    const nlohmann::json doc = toJson(starts);
    if (parsed.has("--out")) writeFileAtomically(*parsed.value("--out"), [&](std::ostream& os) { writeJson(ojson::parse(doc.dump()), os); });
    else writeJson(ojson::parse(doc.dump()), io.out);
    return kExitOk;
}

int runCrossValidate(const std::vector<std::string>& args, Streams& io) {
    const ParsedArgs parsed = parseArgs(args,
                                        {{"--body", true}, {"--law", true}, {"--fit", true}, {"--grid", true},
                                         {"--folds", true}, {"--threads", true}, {"--quiet", false}},
                                        "tosses cross-validate");
    if (parsed.positionals.size() != 1) throw UsageError("tosses cross-validate reads one tosses CSV");
    const TossSet set = readSet(parsed.positionals.front(), requireFlag(parsed, "--body", "cross-validate"), io);
    const int folds = parsed.has("--folds") ? readIntegerFlag(parsed, "--folds", 2, kMaxFoldsFlag) : 3;
    const CrossValidation cv =
        crossValidateTosses(set, makeInitial(parsed, set.body), folds, readFitOptions(parsed, io, "cross-validate"));
    writeJson(toJson(cv, makeInitial(parsed, set.body).law, folds), io.out);
    return kExitOk;
}

int runTosses(const std::vector<std::string>& args, Streams& io) {
    if (args.empty()) throw UsageError("tosses needs a subcommand: fit, predict, score, starts or cross-validate");
    const std::string sub = args.front();
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (sub == "fit") return runFit(rest, io);
    if (sub == "predict") return runPredict(rest, io);
    if (sub == "score") return runScore(rest, io);
    if (sub == "starts") return runStarts(rest, io);
    if (sub == "cross-validate") return runCrossValidate(rest, io);
    throw UsageError("unknown tosses subcommand '" + sub + "': fit, predict, score, starts or cross-validate");
}

}  // namespace

Command makeTossesCommand() {
    Command c;
    c.name = "tosses";
    c.synopsis = "tosses fit|predict|score|starts|cross-validate ...";
    c.summary = "measured tosses of a box: fit a law, predict from start states, score (docs/experiment-format.md)";
    c.help =
        "  tosses fit TOSSES.csv --body BODY.json [--law ID] [--fit friction,restitution[,OPTION...]]\n"
        "             [--grid COARSE,FINE] --out PARAMS.json [--threads T] [--quiet]\n"
        "      fits the law's parameters to every toss (docs/experiments.md: a grid search of the mean\n"
        "      position-plus-corner error), with bootstrap intervals over groups and each toss's share;\n"
        "      progress on stderr. --law defaults to the recommended law. --grid sets the points per\n"
        "      parameter of the coarse and the fine grid (default 9,7).\n"
        "  tosses predict STARTS.json --params PARAMS.json --out PRED.csv [--threads T]\n"
        "      simulates n_samples samples of every start; rows toss,k,x,y,z,qw,qx,qy,qz. The output\n"
        "      does not depend on T.\n"
        "  tosses score TOSSES.csv --body BODY.json --params PARAMS.json [--threads T]\n"
        "      simulates every toss from its measured start and prints JSON: per toss the time-mean\n"
        "      position error (share of the width) and rotation error (degrees) and the first-impact\n"
        "      error, and their mean, std and median.\n"
        "  tosses starts TOSSES.csv --body BODY.json [--samples N] [--out STARTS.json]\n"
        "      the start states score and fit use, as a start-states file for predict.\n"
        "  tosses cross-validate TOSSES.csv --body BODY.json [--law ID] [--folds K] [--fit LIST] [--threads T]\n"
        "      fits on K-1 folds of groups and scores the K-th, rotated (default K = 3); prints the\n"
        "      scores of every toss by parameters that never saw it.\n\n"
        "Bad input exits 1 naming the file and the row or field; an unreadable file exits 3.\n";
    c.run = runTosses;
    return c;
}

}  // namespace impactlab::cli
