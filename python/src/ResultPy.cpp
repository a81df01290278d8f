#include "ResultPy.h"

#include <cmath>
#include <vector>

#include "PyJson.h"
#include "cli/Cli.h"
#include "impact/planar/WangMason.h"
#include "io/ResultJson.h"

namespace impactlab::python {

namespace {

// Keys made once: interned strings, alive as long as the interpreter.
#define IMPACTLAB_KEY(name)                                                     \
    ([]() -> PyObject* {                                                        \
        static PyObject* key = PyUnicode_InternFromString(name);                \
        return key;                                                             \
    }())

// A dict written key by key, remembering the first non-finite number.
class Writer {
public:
    explicit Writer(std::string* bad, std::string path = "") : bad_(bad), path_(std::move(path)) {}

    void set(PyObject* key, py::object value) {
        if (PyDict_SetItem(dict_.ptr(), key, value.ptr()) != 0) throw py::error_already_set();
    }
    void number(PyObject* key, double x) {
        check(key, x);
        set(key, py::float_(x));
    }
    void vector(PyObject* key, const Vec3& v) {
        for (int i = 0; i < 3; ++i) check(key, v[i]);
        set(key, makeArray(v.data(), 3));
    }
    void text(PyObject* key, const std::string& s) { set(key, py::str(s)); }
    py::dict& dict() { return dict_; }

    void check(PyObject* key, double x) {
        if (!std::isfinite(x) && bad_->empty())
            *bad_ = (path_.empty() ? "" : path_ + ".") + std::string(PyUnicode_AsUTF8(key));
    }

private:
    py::dict dict_;
    std::string* bad_;
    std::string path_;
};

py::list toList(const std::vector<std::string>& strings) {
    py::list out(strings.size());
    for (std::size_t i = 0; i < strings.size(); ++i) out[i] = py::str(strings[i]);
    return out;
}

py::dict bodyToPython(const RigidBody& body, std::string* bad, const std::string& path) {
    Writer b(bad, path);
    if (body.fixed) {
        b.set(IMPACTLAB_KEY("fixed"), py::bool_(true));
        return b.dict();
    }
    b.vector(IMPACTLAB_KEY("velocity"), body.velocity);
    b.vector(IMPACTLAB_KEY("angular_velocity"), body.angularVelocity);
    return b.dict();
}

// traceToJson's samples as columns: (n,) and (n, 3) arrays, lists of names.
py::dict traceToPython(const ImpactTrace& trace, std::string* bad) {
    const std::size_t n = trace.samples.size();
    std::vector<double> normal(n), energy(n), impulse(3 * n), velocity(3 * n), contactEnergy, tangentialEnergy;
    py::list modes(n), phases(n);
    bool hasContact = n > 0, hasTangential = n > 0;
    for (std::size_t k = 0; k < n; ++k) {
        const TraceSample& s = trace.samples[k];
        normal[k] = s.normalImpulse;
        energy[k] = s.energy;
        for (int i = 0; i < 3; ++i) {
            impulse[3 * k + i] = s.impulse[i];
            velocity[3 * k + i] = s.velocity[i];
        }
        modes[k] = py::str(toString(s.mode));
        phases[k] = py::str(toString(s.phase));
        hasContact = hasContact && s.contactEnergy.has_value();
        hasTangential = hasTangential && s.tangentialEnergy.has_value();
    }
    Writer t(bad, "trace");
    for (double x : normal) t.check(IMPACTLAB_KEY("normal_impulse"), x);
    for (double x : impulse) t.check(IMPACTLAB_KEY("impulse"), x);
    for (double x : velocity) t.check(IMPACTLAB_KEY("velocity"), x);
    for (double x : energy) t.check(IMPACTLAB_KEY("energy"), x);
    t.set(IMPACTLAB_KEY("normal_impulse"), makeArray(normal.data(), n));
    t.set(IMPACTLAB_KEY("impulse"), makeArray2(impulse.data(), n, 3));
    t.set(IMPACTLAB_KEY("velocity"), makeArray2(velocity.data(), n, 3));
    t.set(IMPACTLAB_KEY("energy"), makeArray(energy.data(), n));
    t.set(IMPACTLAB_KEY("mode"), modes);
    t.set(IMPACTLAB_KEY("phase"), phases);
    // The optional energies: a column when every sample has them (the laws
    // that track them give them on every sample).
    if (hasContact) {
        for (const TraceSample& s : trace.samples) contactEnergy.push_back(*s.contactEnergy);
        for (double x : contactEnergy) t.check(IMPACTLAB_KEY("contact_energy"), x);
        t.set(IMPACTLAB_KEY("contact_energy"), makeArray(contactEnergy.data(), n));
    }
    if (hasTangential) {
        for (const TraceSample& s : trace.samples) tangentialEnergy.push_back(*s.tangentialEnergy);
        for (double x : tangentialEnergy) t.check(IMPACTLAB_KEY("tangential_energy"), x);
        t.set(IMPACTLAB_KEY("tangential_energy"), makeArray(tangentialEnergy.data(), n));
    }
    return t.dict();
}

}  // namespace

py::dict resultToPython(const ImpactProblem& problem, const ImpactResult& result, const ImpactTrace* traceOrNull) {
    const Mat3 axes = problem.bodies ? Mat3(problem.bodies->frame.axes) : Mat3(Mat3::Identity());
    std::string bad;
    Writer j(&bad);
    j.text(IMPACTLAB_KEY("format"), kResultFormat);
    j.text(IMPACTLAB_KEY("model"), result.model);
    j.text(IMPACTLAB_KEY("status"), toString(result.status));
    j.set(IMPACTLAB_KEY("steps"), py::int_(result.steps));
    j.vector(IMPACTLAB_KEY("impulse"), result.impulse);
    j.vector(IMPACTLAB_KEY("impulse_world"), axes * result.impulse);
    j.vector(IMPACTLAB_KEY("v_plus"), result.vPlus);
    j.vector(IMPACTLAB_KEY("v_plus_world"), axes * result.vPlus);
    j.number(IMPACTLAB_KEY("compression_impulse"), result.compressionImpulse.z());
    j.vector(IMPACTLAB_KEY("compression_impulse_vector"), result.compressionImpulse);
    j.number(IMPACTLAB_KEY("energy_before"), result.energyBefore);
    j.number(IMPACTLAB_KEY("energy_after"), result.energyAfter);

    py::list events(result.events.size());
    for (std::size_t i = 0; i < result.events.size(); ++i) {
        const ImpactEvent& e = result.events[i];
        Writer ev(&bad, "events[" + std::to_string(i) + "]");
        ev.text(IMPACTLAB_KEY("kind"), toString(e.kind));
        ev.number(IMPACTLAB_KEY("normal_impulse"), e.normalImpulse);
        ev.vector(IMPACTLAB_KEY("impulse"), e.impulse);
        events[i] = ev.dict();
    }
    j.set(IMPACTLAB_KEY("events"), events);
    if (result.model == "wang-mason")
        j.text(IMPACTLAB_KEY("wang_mason_mode"), toString(classifyWangMasonMode(problem, result)));

    if (problem.bodies) {
        const ContactFrame& f = problem.bodies->frame;
        Writer frame(&bad, "contact_frame");
        frame.vector(IMPACTLAB_KEY("t1"), f.t1());
        frame.vector(IMPACTLAB_KEY("t2"), f.t2());
        frame.vector(IMPACTLAB_KEY("n"), f.n());
        j.set(IMPACTLAB_KEY("contact_frame"), frame.dict());
        const TwoBodyContact after =
            result.bodiesAfter ? *result.bodiesAfter : problem.bodies->calcAfterImpulse(result.impulse);
        py::list bodies(2);
        bodies[0] = bodyToPython(after.body1, &bad, "bodies[0]");
        bodies[1] = bodyToPython(after.body2, &bad, "bodies[1]");
        j.set(IMPACTLAB_KEY("bodies"), bodies);
    }

    if (result.branch) j.text(IMPACTLAB_KEY("branch"), *result.branch);
    if (result.conic) j.text(IMPACTLAB_KEY("conic"), *result.conic);
    if (!result.solutions.empty() || result.primarySolution) {
        py::list solutions(result.solutions.size());
        for (std::size_t i = 0; i < result.solutions.size(); ++i) {
            const ImpactSolution& s = result.solutions[i];
            Writer sj(&bad, "solutions[" + std::to_string(i) + "]");
            sj.vector(IMPACTLAB_KEY("impulse"), s.impulse);
            sj.vector(IMPACTLAB_KEY("impulse_world"), axes * s.impulse);
            sj.vector(IMPACTLAB_KEY("v_plus"), s.vPlus);
            sj.vector(IMPACTLAB_KEY("v_plus_world"), axes * s.vPlus);
            sj.number(IMPACTLAB_KEY("energy_after"), s.energyAfter);
            sj.text(IMPACTLAB_KEY("kind"), s.kind);
            sj.set(IMPACTLAB_KEY("max_dissipation"), py::bool_(s.maxDissipation));
            solutions[i] = sj.dict();
        }
        j.set(IMPACTLAB_KEY("solutions"), solutions);
        if (result.primarySolution) j.set(IMPACTLAB_KEY("primary_solution"), py::int_(*result.primarySolution));
    }

    j.set(IMPACTLAB_KEY("warnings"), toList(result.warnings));
    if (traceOrNull) j.set(IMPACTLAB_KEY("trace"), traceToPython(*traceOrNull, &bad));
    if (!bad.empty()) throw cli::InternalError("the result's " + bad + " is not a finite number");
    return j.dict();
}

}  // namespace impactlab::python
