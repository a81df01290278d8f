#include "PyJson.h"

#include <pybind11/numpy.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "io/JsonInput.h"
#include "mechanics/InputLimits.h"
#include "mechanics/Types.h"

namespace impactlab::python {

namespace {

using nlohmann::json;

// The values a document may hold: text within kMaxInputBytes takes at least
// two bytes a value ("0,"), so no file the CLI accepts holds more.
constexpr std::size_t kMaxValues = limits::kMaxInputBytes / 2;

// Python -> JSON with the field of every value known, as the SAX checker of
// io/JsonInput.cpp knows it for text.
class ToJson {
public:
    explicit ToJson(std::string root) : root_(std::move(root)) {}

    json convert(py::handle v) {
        if (++values_ > kMaxValues)
            refuse("holds more than " + std::to_string(kMaxValues) + " values, past the input size limit of " +
                   std::to_string(limits::kMaxInputBytes) + " bytes");
        PyObject* o = v.ptr();
        if (o == Py_None) return nullptr;
        if (PyBool_Check(o)) return o == Py_True;
        if (PyFloat_Check(o)) {
            const double x = PyFloat_AS_DOUBLE(o);
            if (!std::isfinite(x)) refuse("must be a finite number, got " + std::string(py::str(v)));
            return x;
        }
        if (PyLong_Check(o)) return convertInteger(o);
        if (PyUnicode_Check(o)) return json(readString(o, false));
        if (PyDict_Check(o)) return convertDict(o);
        if (PyList_Check(o) || PyTuple_Check(o)) return convertSequence(v);
        if (isNumpy(o)) return convert(v.attr("tolist")());
        refuse("must be a JSON value (dict, list, str, number, bool or None), got " +
               std::string(Py_TYPE(o)->tp_name));
        return nullptr;
    }

private:
    struct Frame {
        bool isArray = false;
        std::size_t index = 0;
        std::string key;
    };

    [[noreturn]] void refuse(const std::string& reason) const { throw InputError(currentField(), reason); }

    std::string currentField() const {
        std::string field = root_;
        for (const Frame& f : frames_) field = f.isArray ? indexField(field, f.index) : joinField(field, f.key);
        return field.empty() ? "(document)" : field;
    }

    static bool isNumpy(PyObject* o) {
        PyObject* module = PyObject_GetAttrString(reinterpret_cast<PyObject*>(Py_TYPE(o)), "__module__");
        if (!module) {
            PyErr_Clear();
            return false;
        }
        const bool numpy = PyUnicode_Check(module) && PyUnicode_CompareWithASCIIString(module, "numpy") == 0;
        Py_DECREF(module);
        return numpy && PyObject_HasAttrString(o, "tolist");
    }

    json convertInteger(PyObject* o) {
        int overflow = 0;
        const long long i = PyLong_AsLongLongAndOverflow(o, &overflow);
        if (!overflow) return i;
        // Beyond 64 bits: a double, as the JSON parser reads such a number.
        const double x = PyLong_AsDouble(o);
        if (x == -1.0 && PyErr_Occurred()) {
            PyErr_Clear();
            refuse("must be a finite number (an integer too large for a double)");
        }
        return x;
    }

    std::string readString(PyObject* o, bool isKey) {
        Py_ssize_t size = 0;
        const char* text = PyUnicode_AsUTF8AndSize(o, &size);
        if (!text) {
            PyErr_Clear();
            refuse(isKey ? "key is not valid Unicode" : "must be valid Unicode text");
        }
        if (static_cast<std::size_t>(size) > limits::kMaxStringLength) {
            if (isKey)
                throw InputError(currentField().substr(0, 64) + "...", "key is longer than the limit of " +
                                                                           std::to_string(limits::kMaxStringLength) +
                                                                           " characters");
            refuse("string of " + std::to_string(size) + " characters is longer than the limit of " +
                   std::to_string(limits::kMaxStringLength));
        }
        return std::string(text, static_cast<std::size_t>(size));
    }

    void open(bool isArray) {
        if (static_cast<int>(frames_.size()) >= limits::kMaxJsonDepth) {
            std::string field = currentField();
            if (field.size() > 40) field = field.substr(0, 40) + "...";
            throw InputError(field, "nested deeper than the limit of " + std::to_string(limits::kMaxJsonDepth) +
                                        " levels");
        }
        frames_.push_back({isArray, 0, {}});
    }

    // Items are held (a new reference each) while converted: a value's
    // conversion may run Python code (numpy's tolist), which could drop them
    // from the container; a container changed meanwhile is read as it is then.
    json convertDict(PyObject* o) {
        open(false);
        json out = json::object();
        PyObject *key = nullptr, *value = nullptr;
        Py_ssize_t pos = 0;
        while (PyDict_Next(o, &pos, &key, &value)) {
            const py::object heldKey = py::reinterpret_borrow<py::object>(key);
            const py::object heldValue = py::reinterpret_borrow<py::object>(value);
            if (!PyUnicode_Check(key)) {
                frames_.back().key = py::str(key);
                refuse("is a key of type " + std::string(Py_TYPE(key)->tp_name) + ": JSON keys are strings");
            }
            frames_.back().key = readString(key, true);
            out[frames_.back().key] = convert(heldValue);
        }
        frames_.pop_back();
        return out;
    }

    json convertSequence(py::handle v) {
        open(true);
        PyObject* o = v.ptr();
        const bool isList = PyList_Check(o);
        json out = json::array();
        for (std::size_t i = 0;; ++i) {
            const Py_ssize_t size = isList ? PyList_GET_SIZE(o) : PyTuple_GET_SIZE(o);
            if (static_cast<Py_ssize_t>(i) >= size) break;
            frames_.back().index = i;
            if (i >= limits::kMaxArrayLength)
                refuse("array is longer than the limit of " + std::to_string(limits::kMaxArrayLength) + " elements");
            const py::object item =
                py::reinterpret_borrow<py::object>(isList ? PyList_GET_ITEM(o, i) : PyTuple_GET_ITEM(o, i));
            out.push_back(convert(item));
        }
        frames_.pop_back();
        return out;
    }

    std::string root_;
    std::vector<Frame> frames_;
    std::size_t values_ = 0;
};

// numpy through pybind11's handle on its C API: an array made this way costs
// a tenth of py::array_t's constructor, which matters for results of a few
// 3-vectors each.
py::object makeNumpy(int nd, const Py_intptr_t* dims, int type) {
    auto& api = py::detail::npy_api::get();
    PyObject* descr = api.PyArray_DescrFromType_(type);
    PyObject* array = api.PyArray_NewFromDescr_(api.PyArray_Type_, descr, nd, const_cast<Py_intptr_t*>(dims),
                                                nullptr, nullptr, 0, nullptr);
    if (!array) throw py::error_already_set();
    return py::reinterpret_steal<py::object>(array);
}

void* getData(const py::object& array) { return py::detail::array_proxy(array.ptr())->data; }

template <typename Json>
bool isNumberArray(const Json& a, bool* allIntegers) {
    if (!a.is_array() || a.empty()) return false;
    bool ints = true;
    for (const auto& x : a) {
        if (!x.is_number()) return false;
        if (x.is_number_float()) ints = false;
    }
    if (allIntegers) *allIntegers = ints;
    return true;
}

// Rows of equal length, every one a number array: its width, else 0.
template <typename Json>
std::size_t getMatrixWidth(const Json& a) {
    if (!a.is_array() || a.empty()) return 0;
    const std::size_t width = a.front().is_array() ? a.front().size() : 0;
    if (width == 0) return 0;
    for (const auto& row : a)
        if (!row.is_array() || row.size() != width || !isNumberArray(row, nullptr)) return 0;
    return width;
}

template <typename Json>
py::object makeVector(const Json& a) {
    bool ints = false;
    isNumberArray(a, &ints);
    const Py_intptr_t n = static_cast<Py_intptr_t>(a.size());
    if (ints) {
        py::object out = makeNumpy(1, &n, py::detail::npy_api::NPY_LONGLONG_);
        auto* data = static_cast<long long*>(getData(out));
        for (std::size_t i = 0; i < a.size(); ++i)
            data[i] = a[i].is_number_unsigned() ? static_cast<long long>(a[i].template get<unsigned long long>())
                                                : a[i].template get<long long>();
        return out;
    }
    py::object out = makeNumpy(1, &n, py::detail::npy_api::NPY_DOUBLE_);
    auto* data = static_cast<double*>(getData(out));
    for (std::size_t i = 0; i < a.size(); ++i) data[i] = a[i].template get<double>();
    return out;
}

template <typename Json>
py::object makeMatrix(const Json& a, std::size_t width) {
    const Py_intptr_t dims[2] = {static_cast<Py_intptr_t>(a.size()), static_cast<Py_intptr_t>(width)};
    py::object out = makeNumpy(2, dims, py::detail::npy_api::NPY_DOUBLE_);
    auto* data = static_cast<double*>(getData(out));
    for (const auto& row : a)
        for (const auto& x : row) *data++ = x.template get<double>();
    return out;
}

template <typename Json>
py::object convertOut(const Json& value);

// A list of samples with the same keys, as columns.
template <typename Json>
py::object makeColumns(const Json& samples) {
    if (!samples.is_array() || samples.empty() || !samples.front().is_object()) return convertOut(samples);
    const Json& first = samples.front();
    for (const auto& s : samples) {
        if (!s.is_object() || s.size() != first.size()) return convertOut(samples);
        for (auto it = first.begin(); it != first.end(); ++it)
            if (!s.contains(it.key())) return convertOut(samples);
    }
    py::dict columns;
    for (auto it = first.begin(); it != first.end(); ++it) {
        Json column = Json::array();
        for (const auto& s : samples) column.push_back(s[it.key()]);
        columns[py::str(it.key())] = convertOut(column);
    }
    return std::move(columns);
}

template <typename Json>
py::object convertOut(const Json& value) {
    switch (value.type()) {
        case json::value_t::null:
            return py::none();
        case json::value_t::boolean:
            return py::bool_(value.template get<bool>());
        case json::value_t::number_integer:
            return py::int_(value.template get<long long>());
        case json::value_t::number_unsigned:
            return py::int_(value.template get<unsigned long long>());
        case json::value_t::number_float:
            return py::float_(value.template get<double>());
        case json::value_t::string: {
            const auto& s = value.template get_ref<const std::string&>();
            return py::reinterpret_steal<py::object>(PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace"));
        }
        case json::value_t::object: {
            py::dict out;
            for (auto it = value.begin(); it != value.end(); ++it) {
                py::object key = py::reinterpret_steal<py::object>(
                    PyUnicode_FromStringAndSize(it.key().data(), static_cast<Py_ssize_t>(it.key().size())));
                out[key] = it.key() == "trace" ? makeColumns(it.value()) : convertOut(it.value());
            }
            return std::move(out);
        }
        case json::value_t::array: {
            if (isNumberArray(value, nullptr)) return makeVector(value);
            if (const std::size_t width = getMatrixWidth(value)) return makeMatrix(value, width);
            py::list out(value.size());
            for (std::size_t i = 0; i < value.size(); ++i) out[i] = convertOut(value[i]);
            return std::move(out);
        }
        default:
            return py::none();
    }
}

template <typename Json>
py::object convertPlain(const Json& value) {
    if (value.is_object()) {
        py::dict out;
        for (auto it = value.begin(); it != value.end(); ++it) out[py::str(it.key())] = convertPlain(it.value());
        return std::move(out);
    }
    if (value.is_array()) {
        py::list out(value.size());
        for (std::size_t i = 0; i < value.size(); ++i) out[i] = convertPlain(value[i]);
        return std::move(out);
    }
    return convertOut(value);
}

}  // namespace

json toJson(py::handle value, const std::string& field) { return ToJson(field).convert(value); }

py::object toPython(const nlohmann::ordered_json& value) { return convertOut(value); }
py::object toPython(const nlohmann::json& value) { return convertOut(value); }
py::object toPlainPython(const nlohmann::ordered_json& value) { return convertPlain(value); }
py::object toPlainPython(const nlohmann::json& value) { return convertPlain(value); }

py::object makeArray(const double* data, std::size_t n) {
    const Py_intptr_t dims[1] = {static_cast<Py_intptr_t>(n)};
    py::object out = makeNumpy(1, dims, py::detail::npy_api::NPY_DOUBLE_);
    if (n) std::memcpy(getData(out), data, n * sizeof(double));
    return out;
}

py::object makeArray2(const double* data, std::size_t rows, std::size_t cols) {
    const Py_intptr_t dims[2] = {static_cast<Py_intptr_t>(rows), static_cast<Py_intptr_t>(cols)};
    py::object out = makeNumpy(2, dims, py::detail::npy_api::NPY_DOUBLE_);
    if (rows != 0 && cols != 0) std::memcpy(getData(out), data, rows * cols * sizeof(double));
    return out;
}

}  // namespace impactlab::python
